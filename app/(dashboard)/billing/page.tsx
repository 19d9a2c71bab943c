// Billing (docs/advertisers.md, "Billing"): the account (prepaid balance, or credit used against
// the limit), this month's spend, what invoices still owe, whether delivery is held at the limit;
// the invoices, credit notes and statements with their PDF and CSV; the billing profile they
// print. Admins only.
import type { Metadata } from "next";
import { BillingProfileForm } from "@/components/billing/billing-profile-form";
import { InvoiceDownloads } from "@/components/billing/invoice-downloads";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ListCard } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { graphql } from "@/graphql/__generated__/client";
import { formatUsd } from "@/lib/domain/billing/invoice-files";
import { query } from "../_lib/graphql";
import { roleGate } from "../_lib/role-gate";

export const metadata: Metadata = { title: "Billing" };

const BILLING = graphql(`
  query BillingPage {
    billing {
      mode
      balanceUsd
      creditLimitUsd
      creditUsedUsd
      monthToDateSpendUsd
      unpaidUsd
      deliveryLimited
      billingProfile {
        legalName
        address
        taxId
      }
    }
    invoices(perPage: 24) {
      pagination {
        total
      }
      invoices {
        id
        number
        kind
        month
        status
        totalUsd
        dueUsd
        issuedAt
      }
    }
  }
`);

const KIND_LABELS = { INVOICE: "Invoice", CREDIT_NOTE: "Credit note", STATEMENT: "Statement" } as const;
const STATUS_LABELS = { ISSUED: "Issued", PAID: "Paid", VOID: "Void" } as const;

const usd = (value: string | null | undefined) => (value == null ? "None" : formatUsd(Number(value)));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md border border-line p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-ink tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default async function BillingPage() {
  const denied = await roleGate("admin", "Billing", "billing");
  if (denied) return denied;
  const { billing, invoices } = await query(BILLING);
  const prepaid = billing.mode === "PREPAID";
  return (
    <>
      <PageHeader
        title="Billing"
        description={
          prepaid
            ? "Prepaid: impressions draw the balance down; campaigns stop winning when it reaches zero and resume when funds are added."
            : "Invoiced: a credit line, invoiced after each UTC month; campaigns stop winning when unpaid invoices and this month's spend reach the credit limit."
        }
      />
      <div className="space-y-6">
        {billing.deliveryLimited ? (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
            data-testid="delivery-limited"
          >
            {prepaid
              ? "The prepaid balance is used up: every campaign has stopped winning until funds are added."
              : "The credit limit is used up: every campaign has stopped winning until an invoice is paid or the limit is raised."}
          </p>
        ) : null}
        <Card>
          <CardHeader title="Account" description={prepaid ? "Prepaid" : "Invoiced monthly"} />
          <CardBody>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {prepaid ? (
                <Figure label="Balance" value={usd(billing.balanceUsd)} testId="billing-balance" />
              ) : (
                <>
                  <Figure label="Credit used" value={usd(billing.creditUsedUsd)} testId="billing-credit-used" />
                  <Figure label="Credit limit" value={usd(billing.creditLimitUsd)} testId="billing-credit-limit" />
                </>
              )}
              <Figure label="Spend this month" value={usd(billing.monthToDateSpendUsd)} testId="billing-month-spend" />
              <Figure label="Unpaid invoices" value={usd(billing.unpaidUsd)} testId="billing-unpaid" />
            </dl>
          </CardBody>
        </Card>
        <ListCard
          title="Invoices and statements"
          description={`${invoices.pagination.total} in all; the newest 24 are shown`}
          empty={
            invoices.invoices.length === 0
              ? { title: "No invoices yet: the first comes after a month with spend" }
              : null
          }
          label="Invoices and statements"
          testId="invoice-table"
          head={
            <>
              <Th>Number</Th>
              <Th>Month</Th>
              <Th>Kind</Th>
              <Th>Status</Th>
              <Th className="text-right">Total</Th>
              <Th className="text-right">Due</Th>
              <Th>Issued</Th>
              <Th>
                <span className="sr-only">Downloads</span>
              </Th>
            </>
          }
        >
          {invoices.invoices.map((invoice) => (
            <tr key={invoice.id} data-testid={`invoice-${invoice.number}`}>
              <Td className="font-medium">{invoice.number}</Td>
              <Td>{invoice.month}</Td>
              <Td>{KIND_LABELS[invoice.kind]}</Td>
              <Td>
                <Badge>{STATUS_LABELS[invoice.status]}</Badge>
              </Td>
              <Td className="text-right tabular-nums">{usd(invoice.totalUsd)}</Td>
              <Td className="text-right tabular-nums">{usd(invoice.dueUsd)}</Td>
              <Td>
                <LocalTime iso={invoice.issuedAt} />
              </Td>
              <Td>
                <InvoiceDownloads id={invoice.id} number={invoice.number} />
              </Td>
            </tr>
          ))}
        </ListCard>
        <Card>
          <CardHeader
            title="Billing profile"
            description="Printed on the next invoices. Issued invoices keep the profile they were issued with."
          />
          <CardBody>
            <BillingProfileForm profile={billing.billingProfile} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
