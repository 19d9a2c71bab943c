// Billing (docs/api.md, "Billing"): the account and its invoices, each running its catalog
// operation (scope, admin role and input are the operation's); the views are REST's, camelCased.
import { getBilling } from "@/lib/domain/billing/accounts";
import { getInvoice, listInvoices } from "@/lib/domain/billing/invoices";
import { AppError } from "@/lib/errors";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
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
};
