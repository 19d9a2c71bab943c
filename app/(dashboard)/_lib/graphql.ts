// GraphQL for server components: the page's operation executed in-process by
// the same Apollo server as /api/graphql (same resolvers, scopes, limits and
// errors), with a context for the signed-in user's session actor. Results are
// JSON-cloned so that only plain data reaches React (docs/decisions/1201).
import type { TypedDocumentString } from "@/graphql/__generated__/client/graphql";
import { createContext } from "@/graphql/context";
import { graphqlServer } from "@/graphql/server";
import { GraphqlError, graphqlErrorInfos, isNotFound, isUnauthenticated } from "@/components/graphql-errors";
import { sessionActor } from "@/lib/auth/session";
import { redirectToSignIn, requireUser } from "./session";

/** Runs `document` for the signed-in user; a missing session goes to /signin, an error is thrown. */
export async function query<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables?: NoInfer<TVariables>,
): Promise<TResult> {
  const user = await requireUser();
  const server = await graphqlServer();
  const response = await server.executeOperation(
    { query: document.toString(), variables: (variables ?? {}) as Record<string, unknown> },
    { contextValue: createContext({ actor: sessionActor(user) }) },
  );
  if (response.body.kind !== "single") throw new GraphqlError([{ message: "unexpected incremental result" }]);
  const { data, errors } = response.body.singleResult;
  if (errors?.length) {
    const infos = graphqlErrorInfos(errors);
    if (isUnauthenticated(infos)) await redirectToSignIn();
    throw new GraphqlError(infos);
  }
  return JSON.parse(JSON.stringify(data)) as TResult;
}

/** The same, answering null for NOT_FOUND (a page turns it into notFound()). */
export async function queryOrNull<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables?: NoInfer<TVariables>,
): Promise<TResult | null> {
  try {
    return await query(document, variables);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
