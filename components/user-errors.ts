// A mutation's userErrors (graphql/schema.graphql) by the form field they concern:
// the path's element after "input" ("url", "events", ...); errors about the input
// as a whole under "form". Forms show each message next to its field.
export type UserErrorIn = { field?: readonly string[] | null; code: string; message: string };

export function userErrorsByField(errors: readonly UserErrorIn[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const error of errors) {
    const path = error.field ?? [];
    const name = (path[0] === "input" ? path[1] : path[0]) ?? "form";
    byField[name] ??= error.message;
  }
  return byField;
}
