// /graphiql: GraphiQL over /api/graphql, in development only. The `.dev.tsx`
// name makes it a page for the development server alone (next.config.js): a
// production build does not compile it, and the route is a 404 there
// (docs/decisions/1108).
import type { Metadata } from "next";
import { typeDefs } from "@/graphql/__generated__/type-defs";
import { GraphiqlExplorer } from "@/components/graphiql-explorer";

export const metadata: Metadata = { title: "GraphQL explorer (development)" };

export default function GraphiqlPage() {
  return <GraphiqlExplorer sdl={typeDefs} />;
}
