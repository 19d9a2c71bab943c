// GraphQL for client components: the same typed documents, POSTed to
// /api/graphql with the session cookie (same origin). CSRF: a JSON body is
// what Apollo's CSRF prevention accepts, and the cookie is SameSite=Lax.
import type { TypedDocumentString } from "@/graphql/__generated__/client/graphql";
import { GraphqlError, graphqlErrorInfos, isUnauthenticated, type GraphqlResponseError } from "./graphql-errors";

export async function gqlFetch<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables?: TVariables,
  init: { signal?: AbortSignal } = {},
): Promise<TResult> {
  const res = await fetch("/api/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
    body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    signal: init.signal,
  });
  let body: { data?: TResult; errors?: GraphqlResponseError[] };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new GraphqlError([{ message: `The server answered ${res.status}.` }], res.status);
  }
  if (body.errors?.length) {
    const errors = graphqlErrorInfos(body.errors);
    // a full load: nothing of the signed-in session stays in the client router cache
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (isUnauthenticated(errors)) window.location.assign("/signin");
    throw new GraphqlError(errors, res.status);
  }
  if (!body.data) throw new GraphqlError([{ message: `The server answered ${res.status}.` }], res.status);
  return body.data;
}
