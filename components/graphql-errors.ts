// GraphQL errors as the dashboard reads them, in server components (operations
// run in-process, app/(dashboard)/_lib/graphql.ts) and in the browser (gqlFetch,
// components/graphql-client.ts): one shape, one error class, one reading of the
// codes (docs/decisions/1104). Plain code: no server module, no browser API.

export type GraphqlErrorInfo = { message: string; code?: string; path?: (string | number)[] };

/** An error as a GraphQL response carries it (Apollo's formatted error, or the JSON body's). */
export type GraphqlResponseError = {
  message: string;
  extensions?: Record<string, unknown> | null;
  path?: readonly (string | number)[] | null;
};

/** The response's errors as infos: the message, the `extensions.code`, the path. */
export function graphqlErrorInfos(errors: readonly GraphqlResponseError[]): GraphqlErrorInfo[] {
  return errors.map((error) => {
    const code = error.extensions?.code;
    return {
      message: error.message,
      ...(typeof code === "string" ? { code } : {}),
      ...(error.path ? { path: [...error.path] } : {}),
    };
  });
}

/** A GraphQL operation that answered errors (or no data); `code` is the first error's. */
export class GraphqlError extends Error {
  constructor(
    readonly errors: GraphqlErrorInfo[],
    /** the HTTP status, when the operation went over HTTP */
    readonly status?: number,
  ) {
    super(
      errors.map((error) => error.message).join("; ") ||
        (status ? `GraphQL request failed (${status})` : "GraphQL request failed"),
    );
    this.name = "GraphqlError";
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** No session (or an ended one): the page goes to /signin. */
export function isUnauthenticated(errors: readonly GraphqlErrorInfo[]): boolean {
  return errors.some((error) => error.code === "UNAUTHENTICATED");
}

/** Not found (or another advertiser's): the page is a 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof GraphqlError && error.code === "NOT_FOUND";
}
