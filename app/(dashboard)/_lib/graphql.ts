// GraphQL for server components: the page's operation executed in-process by
// the same Apollo server as /api/graphql (same resolvers, scopes, limits and
// errors), with a context for the signed-in user's session actor. Results are
// JSON-cloned so that only plain data reaches React (docs/decisions/1201).
import { redirect } from "next/navigation";
import type { TypedDocumentString } from "@/graphql/__generated__/client/graphql";
import { createContext } from "@/graphql/context";
import { graphqlServer } from "@/graphql/server";
import { sessionActor } from "@/lib/auth/session";
import { requireUser } from "./session";

export type GraphqlErrorInfo = { message: string; code?: string };

export class GraphqlRequestError extends Error {
  constructor(readonly errors: GraphqlErrorInfo[]) {
    super(errors.map((error) => error.message).join("; ") || "GraphQL request failed");
    this.name = "GraphqlRequestError";
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

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
  if (response.body.kind !== "single") throw new GraphqlRequestError([{ message: "unexpected incremental result" }]);
  const { data, errors } = response.body.singleResult;
  if (errors?.length) {
    const infos = errors.map((error) => ({
      message: error.message,
      code: error.extensions?.code as string | undefined,
    }));
    if (infos.some((info) => info.code === "UNAUTHENTICATED")) redirect("/signin");
    throw new GraphqlRequestError(infos);
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
    if (error instanceof GraphqlRequestError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}
