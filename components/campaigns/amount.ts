// A money field's text as the number the shared zod schemas check (REST bodies
// carry USD numbers). People type amounts as they write them: "$2", "2.50 USD",
// "1,50" (a decimal comma) or "1,250.00" (thousands with a point for cents) are
// read; empty is absent; anything else, and "1,500" (fifteen hundred, or one and
// a half?), is NaN, which the schema refuses and components/form-errors.ts words
// as what to type.
export function usdAmount(value: string): number | undefined {
  const text = value
    .trim()
    .replace(/^(?:US\$|\$|USD)\s*/i, "")
    .replace(/\s*(?:USD|\$)$/i, "")
    .trim();
  if (text === "") return value.trim() === "" ? undefined : Number.NaN;
  if (/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return Number(text);
  // a decimal comma: one or two digits after it
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(",", "."));
  // thousands separators, unambiguous only with a point for the cents
  if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(text)) return Number(text.replaceAll(",", ""));
  return Number.NaN;
}
