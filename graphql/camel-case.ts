// The domain speaks the REST API's snake_case (bid_cpm_usd); GraphQL speaks
// camelCase (bidCpmUsd), the convention of Shopify's and GitHub's APIs. Field
// names map one to one, so views are renamed here rather than re-assembled,
// inputs go back with their REST names (so the same zod schemas parse them),
// and error paths come back in GraphQL names (docs/decisions/1101).

type CamelName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelName<Tail>>}`
  : S;

/** A view with its keys in camelCase (deeply; arrays and nested objects too). */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends Date | bigint | Map<unknown, unknown>
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelName<K> : K]: Camelize<T[K]> }
      : T;

export function camelName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());
}

export function snakeName(name: string): string {
  return name.replace(/([A-Z])/g, (upper: string) => `_${upper.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function renameKeys(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), renameKeys(item, rename)]));
}

export function camelize<T>(value: T): Camelize<T> {
  return renameKeys(value, camelName) as Camelize<T>;
}

/** A GraphQL input -> the REST body the domain's schema parses (keys snake_case; values as they are). */
export function toRestShape(value: unknown): unknown {
  return renameKeys(value, snakeName);
}

/** "creative.headline" / "moment_types[2]" (REST's error path) -> ["creative", "headline"] / ["momentTypes", "2"]. */
export function graphqlPath(restPath: string): string[] {
  if (!restPath) return [];
  return restPath
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((segment) => segment !== "")
    .map(camelName);
}

/** Field arguments -> REST query parameters: null means "not given", as an absent query parameter. */
export function toRestQuery(args: object): Record<string, unknown> {
  return toRestShape(Object.fromEntries(Object.entries(args).filter(([, value]) => value != null))) as Record<
    string,
    unknown
  >;
}
