// Custom scalars, validated with the REST API's rules (docs/decisions/1100):
// Money is a decimal string (exact to the micro-dollar; a JSON number is also
// accepted as input), Date and DateTime are ISO 8601, TimeZone an IANA name,
// Count a whole number up to 2^53 - 1. A malformed value is a top-level
// BAD_USER_INPUT (the request is malformed); range rules (floors, minimums,
// decimals) are the zod schemas', reported as userErrors on the field.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from "graphql";
import { z } from "zod";
import { isValidTimeZone } from "@/lib/domain/reporting/zone-calendar";
import { microsToDecimal, usdToMicros } from "@/lib/money";

const DECIMAL = /^-?\d{1,15}(\.\d+)?$/;
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

function invalid(scalar: string, message: string): GraphQLError {
  return new GraphQLError(`${scalar} ${message}`, { extensions: { code: "BAD_USER_INPUT" } });
}

function literal(ast: ValueNode, scalar: string, kinds: Kind[]): string {
  if (!kinds.includes(ast.kind)) throw invalid(scalar, `cannot represent a ${ast.kind} literal`);
  return (ast as { value: string }).value;
}

function parseMoney(value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && DECIMAL.test(value.trim())) return Number(value.trim());
  throw invalid("Money", 'must be a decimal string such as "2.50" (or a number)');
}

export const Money = new GraphQLScalarType<number | bigint, string>({
  name: "Money",
  description: "USD as a decimal string with 2 to 6 decimals.",
  serialize: (value) => {
    // the domain's integer micro-dollars; a wrong value from a resolver is a fault of ours, not the caller's input
    if (typeof value === "bigint") return microsToDecimal(value);
    if (typeof value !== "number" || !Number.isFinite(value)) throw new TypeError("Money: not micro-dollars");
    return microsToDecimal(usdToMicros(value));
  },
  parseValue: parseMoney,
  parseLiteral: (ast) =>
    parseMoney(
      ast.kind === Kind.STRING
        ? literal(ast, "Money", [Kind.STRING])
        : Number(literal(ast, "Money", [Kind.INT, Kind.FLOAT])),
    ),
});

function stringScalar(
  name: string,
  description: string,
  check: (value: string) => string | null,
  normalize: (value: string) => string = (value) => value,
) {
  const parse = (value: unknown): string => {
    if (typeof value !== "string") throw invalid(name, "must be a string");
    const problem = check(value);
    if (problem) throw invalid(name, problem);
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => {
      if (value instanceof Date) return value.toISOString();
      if (typeof value !== "string") throw new TypeError(`${name}: not a string`);
      return normalize(value);
    },
    parseValue: parse,
    parseLiteral: (ast) => parse(literal(ast, name, [Kind.STRING])),
  });
}

export const DateScalar = stringScalar("Date", "YYYY-MM-DD", (value) =>
  isoDate.safeParse(value).success ? null : "must be a date (YYYY-MM-DD)",
);

/** One spelling for every instant answered: UTC with milliseconds, whatever the domain's view wrote. */
function utcInstant(value: string): string {
  const ms = Date.parse(value);
  if (!isoDateTime.safeParse(value).success || Number.isNaN(ms))
    throw new TypeError("DateTime: not an ISO 8601 instant");
  return new Date(ms).toISOString();
}

export const DateTime = stringScalar(
  "DateTime",
  "ISO 8601 with an offset",
  (value) =>
    isoDateTime.safeParse(value).success ? null : "must be an ISO 8601 date-time with an offset (2026-03-08T05:00:00Z)",
  utcInstant,
);

export const TimeZone = stringScalar("TimeZone", "IANA time zone name", (value) =>
  value.length <= 64 && isValidTimeZone(value) ? null : "must be an IANA time zone name such as America/New_York",
);

function parseCount(value: unknown): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  throw invalid("Count", "must be a whole number from 0 to 2^53 - 1");
}

export const Count = new GraphQLScalarType<number, number>({
  name: "Count",
  description: "A non-negative whole count.",
  serialize: (value) => {
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
      throw new TypeError("Count: not a count");
    return value;
  },
  parseValue: parseCount,
  parseLiteral: (ast) => parseCount(Number(literal(ast, "Count", [Kind.INT]))),
});

export const scalarResolvers = { Money, Date: DateScalar, DateTime, TimeZone, Count };
