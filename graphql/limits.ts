// The per-operation limits (graphql/limit-plugins.ts enforces them; the docs page shows them).
export const MAX_COST = 10_000;
export const MAX_DEPTH = 10;
export const MAX_ALIASES = 30;
export const MAX_TOKENS = 5_000;
export const MAX_DIRECTIVES = 50;
