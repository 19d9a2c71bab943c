-- CreateIndex
CREATE INDEX "bid_adjustments_created_at_idx" ON "bid_adjustments"("created_at");

-- CreateIndex
CREATE INDEX "campaigns_budget_50_at_idx" ON "campaigns"("budget_50_at");

-- CreateIndex
CREATE INDEX "campaigns_budget_90_at_idx" ON "campaigns"("budget_90_at");

-- CreateIndex
CREATE INDEX "campaigns_ended_at_idx" ON "campaigns"("ended_at");

-- CreateIndex
CREATE INDEX "campaigns_cancelled_at_idx" ON "campaigns"("cancelled_at");

-- CreateIndex
CREATE INDEX "creatives_reviewed_at_idx" ON "creatives"("reviewed_at");

-- CreateIndex
CREATE INDEX "webhook_endpoints_failing_since_idx" ON "webhook_endpoints"("failing_since");

-- CreateIndex
CREATE INDEX "webhook_endpoints_deactivated_at_idx" ON "webhook_endpoints"("deactivated_at");
