// GET /api/graphql (queries; send `apollo-require-preflight: true`) and
// POST /api/graphql: the GraphQL API (graphql/, docs at /docs/graphql)
import { handleGraphqlRequest } from "@/graphql/http";

export const dynamic = "force-dynamic";

export const GET = handleGraphqlRequest;
export const POST = handleGraphqlRequest;
