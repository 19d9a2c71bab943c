// GET /adagents.json: E18, the same manifest as /.well-known/adagents.json
export { GET } from "../.well-known/adagents.json/route";

export const dynamic = "force-dynamic";
