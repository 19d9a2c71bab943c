// Query strings are text; a transport turns them into the values its schema
// expects (STYLE.md: "transports only coerce what is theirs"). All-digit values
// of the listed keys become numbers; a repeated key becomes an array, which the
// schema then refuses, instead of silently keeping one of them.
export function queryObject(url: URL, integerKeys: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams
      .getAll(key)
      .map((value) => (integerKeys.includes(key) && /^\d{1,16}$/.test(value) ? Number(value) : value));
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}
