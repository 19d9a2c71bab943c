// GraphQL for client components: the same typed documents, POSTed to
// /api/graphql with the session cookie (same origin). CSRF: a JSON body is
// what Apollo's CSRF prevention accepts, and the cookie is SameSite=Lax.
import type { TypedDocumentString } from "@/graphql/__generated__/client/graphql";

export type GraphqlErrorInfo = { message: string; code?: string; path?: (string | number)[] };

export class GraphqlClientError extends Error {
  constructor(
    readonly errors: GraphqlErrorInfo[],
    readonly status: number,
  ) {
    super(errors.map((error) => error.message).join("; ") || `GraphQL request failed (${status})`);
    this.name = "GraphqlClientError";
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

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
  let body: {
    data?: TResult;
    errors?: { message: string; extensions?: { code?: string }; path?: (string | number)[] }[];
  };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new GraphqlClientError([{ message: `The server answered ${res.status}.` }], res.status);
  }
  if (body.errors?.length) {
    const errors = body.errors.map((error) => ({
      message: error.message,
      code: error.extensions?.code,
      path: error.path,
    }));
    // a full load: nothing of the signed-in session stays in the client router cache
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (errors.some((error) => error.code === "UNAUTHENTICATED")) window.location.assign("/signin");
    throw new GraphqlClientError(errors, res.status);
  }
  if (!body.data) throw new GraphqlClientError([{ message: `The server answered ${res.status}.` }], res.status);
  return body.data;
}
