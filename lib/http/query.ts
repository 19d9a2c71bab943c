// Query strings are text; a transport turns them into the object its schema
// parses, and only the transport coerces text (the schemas also parse JSON
// bodies, GraphQL and MCP inputs, which carry numbers as numbers). One reader,
// with a read per operation: which keys count, whether an empty value is
// absent, which values become numbers. A repeated key is never resolved to one
// of its values: it gives them all, which the schema refuses (422).
import { NUL_MESSAGE, validationError } from "@/lib/errors";

export type QueryRead = {
  /** Only these keys are read (others are ignored); default: every key. */
  keys?: readonly string[];
  /** "empty": a value "" is absent; "blank": so is one of spaces only; default: kept. */
  absent?: "empty" | "blank";
  /** Keys whose value becomes a number when it matches the pattern (other text is left for validation to name). */
  numbers?: Readonly<Record<string, RegExp>>;
};

/** A whole number as a page or a count is written: digits only, short enough to be exact. */
export const WHOLE_NUMBER = /^\d{1,16}$/;

/** A paged list's query: page and per_page are numbers when written as digits. */
export const PAGED_LIST_QUERY: QueryRead = { numbers: { page: WHOLE_NUMBER, per_page: WHOLE_NUMBER } };

function isAbsent(value: string, absent: QueryRead["absent"]): boolean {
  if (absent === "empty") return value === "";
  if (absent === "blank") return value.trim() === "";
  return false;
}

/** The object a query schema parses, from the URL's query string read as `read` says. */
export function queryObject(url: URL, read: QueryRead = {}): Record<string, unknown> {
  return paramsObject(url.searchParams, read);
}

/** The same reading of any form-encoded text (a query string, an x-www-form-urlencoded body). */
export function paramsObject(searchParams: URLSearchParams, read: QueryRead = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of read.keys ?? new Set(searchParams.keys())) {
    const given = searchParams.getAll(key);
    // U+0000: refused here, on both databases alike (lib/http/nul.ts)
    if (key.includes("\0") || given.some((value) => value.includes("\0")))
      throw validationError([{ path: key, message: NUL_MESSAGE }]);
    const pattern = read.numbers?.[key];
    const values = given
      .filter((value) => !isAbsent(value, read.absent))
      .map((value) => (pattern?.test(value) ? Number(value) : value));
    if (values.length > 0) out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}
