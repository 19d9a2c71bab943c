// next.config.js: development-only pages (page.dev.tsx, such as the GraphiQL
// explorer at /graphiql) are pages for the development server alone; every
// other phase, the production build and server included, ignores them.
import { describe, expect, it } from "vitest";
import {
  PHASE_DEVELOPMENT_SERVER,
  PHASE_PRODUCTION_BUILD,
  PHASE_PRODUCTION_SERVER,
  PHASE_TEST,
} from "next/constants.js";
import type { NextConfig } from "next";

// a JavaScript module (the project type-checks TypeScript only): typed here
const configModule = "../next.config.js";
const { default: config } = (await import(configModule)) as { default: (phase: string) => NextConfig };

describe("next.config.js", () => {
  it("serves page.dev.tsx in development only", () => {
    expect(config(PHASE_DEVELOPMENT_SERVER).pageExtensions).toEqual(["dev.tsx", "tsx", "ts", "jsx", "js"]);
    for (const phase of [PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER, PHASE_TEST]) {
      expect(config(phase).pageExtensions, phase).toEqual(["tsx", "ts", "jsx", "js"]);
    }
  });

  it("keeps the rest of the configuration in every phase", () => {
    expect(config(PHASE_PRODUCTION_BUILD)).toMatchObject({ poweredByHeader: false, reactStrictMode: true });
    expect(config(PHASE_DEVELOPMENT_SERVER).serverExternalPackages).toContain("graphql");
  });
});
