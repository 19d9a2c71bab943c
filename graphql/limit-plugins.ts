// Limits every operation must pass before it runs (docs/decisions/1105):
// - graphql-armor: depth, aliases and directives; graphql-js: tokens;
// - cost: computed with the operation's variables (graphql-query-complexity
//   in didResolveOperation, where variables are known): each object costs 1,
//   scalars and enums 0; a connection multiplies what it contains by its page
//   size, a list by its largest possible length; reports and time series add
//   the work of computing them. Above MAX_COST the operation is refused before anything
//   runs; the cost is returned in `extensions.cost` either way. A cost that cannot be
//   computed (graphql-query-complexity gives up past 10,000 evaluated fields) refuses
//   the operation too: the check fails closed;
// - introspection only for authenticated callers.
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { ApolloServerPlugin } from "@apollo/server";
import {
  getNamedType,
  getVariableValues,
  GraphQLError,
  isLeafType,
  Kind,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { getComplexity, type ComplexityEstimator } from "graphql-query-complexity";
import { MAX_VARIANTS_PER_CAMPAIGN } from "@/lib/domain/creatives/add-creative-variant";
import { DEFAULT_PAGE_SIZE } from "@/lib/domain/pagination";
import { MAX_HOURLY_DAYS, MAX_REPORT_DAYS } from "@/lib/domain/reporting/reporting.schemas";
import { ERROR_CODES } from "@/lib/errors";
import type { GraphqlContext } from "./context";

import { MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_DIRECTIVES, MAX_TOKENS } from "./limits";

export { MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_DIRECTIVES, MAX_TOKENS };

/** Refusals by armor's rules and graphql-js's token limit (rendered as query_too_complex). */
const LIMIT_REFUSAL =
  /^Syntax Error: ((?:Query depth|Aliases|Directives) limit of \d+ exceeded.*|Document contains more th\w+ \d+ tokens.*)$/s;

/** The limit's own words when `error` is the refusal of one of the limits. */
export function limitRefusal(error: GraphQLError): string | null {
  return LIMIT_REFUSAL.exec(error.message)?.[1] ?? null;
}

/** graphql-js counts tokens while parsing (armor's token plugin answers a syntax error with a 500). */
export const parseOptions = { maxTokens: MAX_TOKENS };

export function armor() {
  return new ApolloArmor({
    maxDepth: { n: MAX_DEPTH },
    maxAliases: { n: MAX_ALIASES },
    maxDirectives: { n: MAX_DIRECTIVES },
    maxTokens: { enabled: false },
    // the cost below sees the variables; armor's own estimate does not
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}

/** Largest length of list fields that are not connections. */
const LIST_SIZES: Record<string, number> = {
  "Campaign.creatives": MAX_VARIANTS_PER_CAMPAIGN,
  "CampaignReport.rows": MAX_REPORT_DAYS,
  "CampaignTimeSeries.series": MAX_HOURLY_DAYS * 25,
  "WebhookDelivery.attemptLog": 12,
  "ClearingPrices.momentTypes": 11,
  "Query.momentTypes": 11,
};

/** Work of computing a field, beyond its objects (reports read many rows). */
const FIELD_COSTS: Record<string, number> = {
  "Campaign.report": 25,
  "Campaign.timeSeries": 25,
  "Query.campaignReport": 25,
  "Query.campaignTimeSeries": 25,
  // one creative's all-time sums: a lookup and one aggregate (Creative.performance is batched by its loader)
  "Query.creativePerformance": 2,
  "Advertiser.today": 10,
  // a delivery estimate aggregates a week of auctions on the campaign's lanes, a report's work
  // (the sample is then kept a minute, but the cost must hold for the first call); an update's
  // preview estimates twice over the same lanes, one aggregate (docs/decisions/0304)
  "Query.previewCampaignCreate": 25,
  "Query.previewCampaignUpdate": 25,
  "Mutation.createCampaign": 25,
};

const estimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (type.name.startsWith("__") || field.name.startsWith("__")) return 0;
  const named = getNamedType(field.type);
  if (isLeafType(named)) return 0;
  const key = `${type.name}.${field.name}`;
  const extra = FIELD_COSTS[key] ?? 0;
  if (named.name.endsWith("Connection")) {
    // the connection object, then its page: edges and nodes count once per item
    return 1 + extra + Math.max(0, Number(args.first ?? args.last ?? DEFAULT_PAGE_SIZE)) * childComplexity;
  }
  let size = LIST_SIZES[key] ?? 1;
  if (key === "Query.nodes") size = Array.isArray(args.ids) ? args.ids.length : 1;
  else if (key === "AdvertiserToday.topCampaigns") size = Number(args.first ?? 5);
  // each object 1, plus what is selected in it
  return extra + Math.max(0, size) * (1 + childComplexity);
};

export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | null | undefined,
): number {
  return getComplexity({
    schema,
    query: document,
    variables,
    operationName: operationName ?? undefined,
    estimators: [estimator],
  });
}

/** True when the operation's variables do not coerce to their declared types (execution answers that). */
function variablesRefused(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): boolean {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 1 });
  return coerced.errors !== undefined;
}

function selectsIntrospection(selections: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): boolean {
  return selections.selections.some((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === "__schema" || selection.name.value === "__type";
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectsIntrospection(selection.selectionSet, document, seen);
    const name = selection.name.value;
    if (seen.has(name)) return false;
    seen.add(name);
    const fragment = document.definitions.find(
      (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === name,
    );
    return fragment?.kind === Kind.FRAGMENT_DEFINITION && selectsIntrospection(fragment.selectionSet, document, seen);
  });
}

function refusal(
  code: "query_too_complex" | "unauthorized",
  message: string,
  extensions: Record<string, unknown> = {},
) {
  return new GraphQLError(message, {
    extensions: {
      code: ERROR_CODES[code].graphql,
      apiCode: code,
      ...extensions,
      http: { status: ERROR_CODES[code].status },
    },
  });
}

export const limitsPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, document, operation, request, schema }) {
        if (!contextValue.actor && operation && selectsIntrospection(operation.selectionSet, document)) {
          throw refusal(
            "unauthorized",
            "Introspection is for authenticated callers: send Authorization: Bearer <access token>.",
          );
        }
        // variables that do not coerce: execution refuses them before any resolver runs (400)
        if (operation && variablesRefused(schema, operation, request.variables)) return;
        let requested: number;
        try {
          requested = operationCost(schema, document, request.variables, request.operationName);
        } catch (error) {
          // fail closed: an operation whose cost is unknown does not run (docs/decisions/1109)
          contextValue.log.warn({ err: error }, "graphql cost not computed");
          throw refusal(
            "query_too_complex",
            "The cost of this operation could not be computed, so it was not run: use fewer fragment spreads and " +
              "fields (an operation may select at most 10,000 fields, counting each fragment at every spread).",
          );
        }
        if (!Number.isFinite(requested)) {
          throw refusal("query_too_complex", "The cost of this operation could not be computed, so it was not run.");
        }
        contextValue.cost = { requested, limit: MAX_COST };
        if (requested > MAX_COST) {
          throw refusal(
            "query_too_complex",
            `The operation costs ${requested}, above the limit of ${MAX_COST}: ask for smaller pages or fewer fields.`,
            { cost: contextValue.cost },
          );
        }
      },
      async willSendResponse({ contextValue, response }) {
        if (contextValue.cost && response.body.kind === "single") {
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            cost: contextValue.cost,
          };
        }
      },
    };
  },
};
