// One value per process, whichever copy of a module asks for it. Next bundles each
// route with its own copy of the modules it imports, and server.ts loads another
// (the hot path, the workers): state that every copy must share (a cache that a
// revocation clears, the in-process event bus, the /mcp call context) lives on
// globalThis under a registered symbol instead of in a module variable.

/** The process's value named `name`, made by `make` on first use. */
export function processWide<T>(name: string, make: () => T): T {
  const slots = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`sma.${name}`);
  return (slots[key] ??= make()) as T;
}
