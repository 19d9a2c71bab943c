// Cursor pagination (Relay connections: first/after, last/before) over a
// stable order: the chosen sort field, then the id as a tie-breaker, both in
// the same direction. A cursor is opaque to clients (base64url of the sort
// key and the row's values); it stays valid while rows are added or removed
// around it, which offset paging cannot offer (docs/decisions/1103).
import { z } from "zod";
import { validationError } from "@/lib/errors";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const pageSize = z
  .number()
  .int("must be an integer")
  .min(0, "must not be negative")
  .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`);

const pageShape = {
  first: pageSize.nullish(),
  after: z.string().max(1000).nullish(),
  last: pageSize.nullish(),
  before: z.string().max(1000).nullish(),
};

type PageArgs = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

function oneDirection(value: PageArgs, ctx: z.RefinementCtx): void {
  if (value.first != null && value.last != null) {
    ctx.addIssue({ code: "custom", path: ["last"], message: "use either first or last, not both" });
  }
  if (value.after != null && value.before != null) {
    ctx.addIssue({ code: "custom", path: ["before"], message: "use either after or before, not both" });
  }
}

/** Relay connection arguments; at most one direction at a time. */
export const connectionArgs = z.strictObject(pageShape).superRefine(oneDirection);
export type ConnectionArgs = z.input<typeof connectionArgs>;

/** An operation's input for a connection: its own filters beside the connection arguments, checked as connectionArgs checks them. */
export function connectionInput<Filters extends z.ZodRawShape>(filters: Filters) {
  // the page fields are pageShape's whatever the filters are (zod cannot infer that of a generic shape)
  return z.strictObject({ ...filters, ...pageShape }).superRefine((value, ctx) => oneDirection(value as PageArgs, ctx));
}

/** How a sort value is kept in a cursor and compared in SQL. */
export type SortValueKind = "string" | "date" | "bigint" | "number";

export type SortField = { field: string; kind: SortValueKind };

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export type SortOrder = { key: string; field: SortField; direction: SortDirection };

type CursorValue = string | number | bigint | Date;

/** The keyset as plain values, for a page read from rows held in memory (countedMemoryPage). */
type MemoryKeyset = { position: { value: CursorValue; id: string } | null; ascending: boolean };

export type Page<Row> = {
  rows: Row[];
  cursors: string[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
};

/** The where / orderBy / take to hand to Prisma's findMany (AND the where with the base filter). */
export type KeysetQuery = {
  where: Record<string, unknown> | undefined;
  orderBy: Record<string, "asc" | "desc">[];
  take: number;
};

function encodeValue(kind: SortValueKind, value: CursorValue): string {
  if (kind === "date") return String((value as Date).getTime());
  return String(value);
}

function decodeValue(kind: SortValueKind, text: unknown): CursorValue | undefined {
  if (typeof text !== "string") return undefined;
  switch (kind) {
    case "string":
      return text;
    case "date": {
      const ms = Number(text);
      return /^\d{1,15}$/.test(text) && Number.isSafeInteger(ms) ? new Date(ms) : undefined;
    }
    case "bigint":
      return /^-?\d{1,30}$/.test(text) ? BigInt(text) : undefined;
    case "number": {
      const value = Number(text);
      return text !== "" && Number.isFinite(value) ? value : undefined;
    }
  }
}

export function encodeCursor(order: SortOrder, value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([order.key, encodeValue(order.field.kind, value), id])).toString("base64url");
}

function decodeCursor(
  order: SortOrder,
  cursor: string,
  argument: "after" | "before",
): { value: CursorValue; id: string } {
  const invalid = () => validationError([{ path: argument, message: "is not a cursor of this list in this order" }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== order.key || typeof parsed[2] !== "string") {
    throw invalid();
  }
  const value = decodeValue(order.field.kind, parsed[1]);
  if (value === undefined) throw invalid();
  return { value, id: parsed[2] };
}

/**
 * One page of rows ordered by `order` (then id), fetched with `fetch`, which
 * receives the keyset where/orderBy/take to combine with its own filter.
 * `first` defaults to DEFAULT_PAGE_SIZE when neither first nor last is given.
 */
export async function keysetPage<Row extends { id: string }>(
  rawArgs: ConnectionArgs,
  order: SortOrder,
  fetch: (query: KeysetQuery & MemoryKeyset) => Promise<Row[]>,
  valueOf: (row: Row) => CursorValue,
): Promise<Page<Row>> {
  const parsed = connectionArgs.safeParse(rawArgs);
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
  }
  const args = parsed.data;
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  const cursor = backward ? args.before : args.after;
  const position = cursor ? decodeCursor(order, cursor, backward ? "before" : "after") : null;

  // walking backward reads the order reversed, then flips the rows back
  const ascending = (order.direction === "asc") !== backward;
  const direction = ascending ? "asc" : "desc";
  const beyond = ascending ? "gt" : "lt";
  const where = position
    ? {
        OR: [
          { [order.field.field]: { [beyond]: position.value } },
          { [order.field.field]: position.value, id: { [beyond]: position.id } },
        ],
      }
    : undefined;

  const rows =
    size === 0
      ? []
      : await fetch({
          where,
          orderBy: [{ [order.field.field]: direction }, { id: direction }],
          take: size + 1,
          position,
          ascending,
        });
  const more = rows.length > size;
  const pageRows = rows.slice(0, size);
  if (backward) pageRows.reverse();
  const cursors = pageRows.map((row) => encodeCursor(order, valueOf(row), row.id));
  return {
    rows: pageRows,
    cursors,
    pageInfo: {
      hasNextPage: backward ? cursor != null : more,
      hasPreviousPage: backward ? more : cursor != null,
      startCursor: cursors[0] ?? null,
      endCursor: cursors[cursors.length - 1] ?? null,
    },
  };
}

/** A page with the number of rows in the whole list (GraphQL's totalCount). */
export type Connection<Row> = Page<Row> & { totalCount: number };

/** Newest first, on a creation-time column (then id). */
export function newestFirst(field: string, kind: SortValueKind): SortOrder {
  return { key: "created_at", field: { field, kind }, direction: "desc" };
}

/**
 * A keyset page of the rows matching `base`, as views, with the count of all
 * of them (both queries run together). `findMany` gets `base` combined with
 * the page's keyset condition; `valueOf` is the row's value of the sort field.
 */
export async function countedKeysetPage<Where extends object, Row extends { id: string }, View>(
  args: ConnectionArgs,
  order: SortOrder,
  list: {
    base: Where;
    count: (query: { where: Where }) => Promise<number>;
    findMany: (
      query: Omit<KeysetQuery, "where"> & { where: Where | { AND: [Where, Record<string, unknown>] } },
    ) => Promise<Row[]>;
    valueOf: (row: Row) => CursorValue;
    view: (row: Row) => View;
  },
): Promise<Connection<View>> {
  const { base } = list;
  const [totalCount, page] = await Promise.all([
    list.count({ where: base }),
    keysetPage(
      args,
      order,
      ({ where, orderBy, take }) => list.findMany({ where: where ? { AND: [base, where] } : base, orderBy, take }),
      list.valueOf,
    ),
  ]);
  return { ...page, rows: page.rows.map(list.view), totalCount };
}

function compareValues(a: CursorValue, b: CursorValue): number {
  const [x, y] = a instanceof Date && b instanceof Date ? [a.getTime(), b.getTime()] : [a, b];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The same page and cursors over rows held in memory, for an order no column holds (a value
 * computed per row, such as a campaign's spend today): sorted by `valueOf`, then id, as the
 * keyset pages are. For lists of one advertiser's own resources, which it reads whole.
 */
export async function countedMemoryPage<Row extends { id: string }, View>(
  args: ConnectionArgs,
  order: SortOrder,
  rows: readonly Row[],
  valueOf: (row: Row) => CursorValue,
  view: (row: Row) => View,
): Promise<Connection<View>> {
  const compare = (a: { value: CursorValue; id: string }, b: { value: CursorValue; id: string }) =>
    compareValues(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const keyed = rows.map((row) => ({ row, value: valueOf(row), id: row.id }));
  const page = await keysetPage(
    args,
    order,
    async ({ position, ascending, take }) => {
      const sorted = [...keyed].sort((a, b) => (ascending ? compare(a, b) : compare(b, a)));
      const beyond = position
        ? sorted.filter((entry) => (ascending ? compare(entry, position) > 0 : compare(entry, position) < 0))
        : sorted;
      return beyond.slice(0, take).map((entry) => entry.row);
    },
    valueOf,
  );
  return { ...page, rows: page.rows.map(view), totalCount: rows.length };
}
