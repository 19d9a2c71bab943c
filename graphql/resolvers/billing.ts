// Billing (docs/api.md, "Billing"): the account and its invoices, each running its catalog
// operation (scope, admin role and input are the operation's); the views are REST's, camelCased.
import { getBilling, updateBillingProfile } from "@/lib/domain/billing/accounts";
import { getInvoice, listInvoices } from "@/lib/domain/billing/invoices";
import { AppError } from "@/lib/errors";
import type { Resolvers } from "../__generated__/resolvers-types";
import { invoiceCsv, invoicePdf } from "@/lib/domain/billing/invoice-files";
import type { InvoiceView } from "@/lib/domain/billing/billing.schemas";
import { camelize, toRestShape } from "../camel-case";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const billingResolvers: Resolvers = {
  Query: {
    billing: operationResolver(getBilling, async (_, __, context) => camelize(await runOperation(getBilling, context))),
    invoices: operationResolver(listInvoices, async (_, { page, perPage }, context) =>
      camelize(await runOperation(listInvoices, context, { page: page ?? 1, perPage: perPage ?? 20 })),
    ),
    invoice: operationResolver(getInvoice, async (_, { id }, context) => {
      try {
        return camelize(await runOperation(getInvoice, context, {}, { id }));
      } catch (error) {
        if (error instanceof AppError && error.code === "not_found") return null;
        throw error;
      }
    }),
  },
  Invoice: {
    csv: (parent) => invoiceCsv(toRestShape(parent) as InvoiceView),
    pdfBase64: async (parent) => (await invoicePdf(toRestShape(parent) as InvoiceView)).toString("base64"),
  },
  Mutation: {
    updateBillingProfile: operationResolver(updateBillingProfile, (_, { input }, context) =>
      payload(async () => ({ billingProfile: camelize(await runOperation(updateBillingProfile, context, input)) })),
    ),
  },
};
