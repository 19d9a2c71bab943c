-- AlterTable
ALTER TABLE "billing_accounts" ADD COLUMN     "address" TEXT,
ADD COLUMN     "legal_name" TEXT,
ADD COLUMN     "tax_id" TEXT;

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "reference" TEXT NOT NULL,
    "invoice_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "period_key" TEXT,
    "status" TEXT NOT NULL DEFAULT 'issued',
    "total_micros" BIGINT NOT NULL,
    "paid_micros" BIGINT NOT NULL DEFAULT 0,
    "credited_micros" BIGINT NOT NULL DEFAULT 0,
    "opening_balance_micros" BIGINT,
    "funds_added_micros" BIGINT,
    "closing_balance_micros" BIGINT,
    "credits_invoice_id" TEXT,
    "reason" TEXT,
    "bill_to" TEXT NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL,
    "paid_at" TIMESTAMP(3),

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_lines" (
    "invoice_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "campaign_id" TEXT,
    "description" TEXT NOT NULL,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "amount_micros" BIGINT NOT NULL,

    CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("invoice_id","position")
);

-- CreateTable
CREATE TABLE "invoice_sequences" (
    "series" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_sequences_pkey" PRIMARY KEY ("series","year")
);

-- CreateTable
CREATE TABLE "billing_months" (
    "month" TEXT NOT NULL,
    "closed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "billing_months_pkey" PRIMARY KEY ("month")
);

-- CreateIndex
CREATE INDEX "ledger_entries_advertiser_id_created_at_idx" ON "ledger_entries"("advertiser_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE INDEX "invoices_advertiser_id_issued_at_idx" ON "invoices"("advertiser_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_advertiser_id_period_key_key" ON "invoices"("advertiser_id", "period_key");

-- AddForeignKey
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
