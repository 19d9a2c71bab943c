"use client";
// GraphiQL 5 over POST /api/graphql (same origin: the dashboard session's
// cookie goes along; a token goes in the Headers tab). The schema is the SDL
// the server runs, passed in by the page, so the explorer needs no
// introspection (which anonymous callers are refused) to offer completion
// and the documentation explorer.
import "graphiql/setup-workers/webpack";
import "graphiql/style.css";
import { GraphiQL, type GraphiQLProps } from "graphiql";
import { buildSchema } from "graphql";
import { useMemo } from "react";

const DEFAULT_QUERY = `# Sports Moment Ads GraphQL: the development explorer.
#
# Public fields answer without credentials. For the
# others, open Headers below and send an access token
# from POST /api/auth/token:
#   { "Authorization": "Bearer <access token>" }
# Each field needs the scope its REST twin needs;
# mutations answer userErrors. Docs: the book icon.

query Catalog {
  momentTypes {
    key
    displayName
    floorCpmUsd
    availableSports
  }
}
`;

const fetcher: GraphiQLProps["fetcher"] = async (params, options) => {
  const response = await fetch("/api/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...options?.headers },
    body: JSON.stringify(params),
  });
  return response.json();
};

export default function GraphiqlEditor({ sdl }: { sdl: string }) {
  const schema = useMemo(() => buildSchema(sdl), [sdl]);
  return (
    <div style={{ height: "100vh" }}>
      <GraphiQL fetcher={fetcher} schema={schema} defaultQuery={DEFAULT_QUERY} defaultEditorToolsVisibility="headers" />
    </div>
  );
}
