// A money field's text as the number the shared zod schemas check (REST bodies
// carry USD numbers): empty is absent, anything else that is not a number is NaN
// (which the schema refuses).
export function usdAmount(value: string): number | undefined {
  if (value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}
