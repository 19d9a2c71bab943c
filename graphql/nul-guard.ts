// U+0000 in a GraphQL request (docs/decisions/1421): a string literal of the
// operation or a variable's value holding NUL is refused before execution
// (400 with validation_failed naming where, as Apollo refuses variables that do
// not coerce), on both databases alike, so it never reaches PostgreSQL (whose
// text cannot hold it) through an ID or an input field: in POST and GET
// variables alike, and in literals (`"\u0000"` inside the query text).
import type { ApolloServerPlugin } from "@apollo/server";
import { BREAK, GraphQLError, visit, type DocumentNode } from "graphql";
import { NUL_MESSAGE, validationError } from "@/lib/errors";
import { nulPath } from "@/lib/http/nul";
import type { GraphqlContext } from "./context";

function literalHoldsNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (!node.value.includes("\0")) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

export const nulGuardPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request }) {
        const variable = nulPath(request.variables ?? {});
        // a literal holds NUL only through an escape (`\u0000`, `\u{0}`): other query texts are not walked
        const literal = (request.query === undefined || request.query.includes("\\u")) && literalHoldsNul(document);
        const path = variable !== undefined ? `variables.${variable}` : literal ? "query" : undefined;
        if (path === undefined) return;
        const refused = validationError([{ path, message: NUL_MESSAGE }]);
        throw new GraphQLError(refused.detail, {
          originalError: refused,
          extensions: { http: { status: 400 } },
        });
      },
    };
  },
};
