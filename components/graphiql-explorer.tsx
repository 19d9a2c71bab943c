"use client";
// The GraphiQL explorer of /graphiql, development only (app/graphiql/page.dev.tsx;
// docs/decisions/1108). Everything is bundled from node_modules: the editor
// (Monaco) and its workers come from the app's own origin, nothing from a CDN.
// The editor touches `window` when it loads, so it is loaded in the browser only.
import dynamic from "next/dynamic";

const GraphiqlEditor = dynamic(() => import("./graphiql-editor"), {
  ssr: false,
  loading: () => <p style={{ padding: "1rem" }}>Loading the GraphQL explorer…</p>,
});

export function GraphiqlExplorer({ sdl }: { sdl: string }) {
  return <GraphiqlEditor sdl={sdl} />;
}
