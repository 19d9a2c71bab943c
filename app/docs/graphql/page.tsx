// /docs/graphql: the GraphQL schema (the SDL of graphql/schema.graphql, as the
// server runs it), with how to call the endpoint. Rendered on the server, no
// client JavaScript, nothing fetched from elsewhere.
import Link from "next/link";
import type { Metadata } from "next";
import { typeDefs } from "@/graphql/__generated__/type-defs";
import { MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_TOKENS } from "@/graphql/limits";
import { MAX_PAGE_SIZE } from "@/lib/domain/pagination";
import { env } from "@/lib/env";
import { rateLimitText } from "@/lib/rate-limit/policies";
import styles from "../docs.module.css";

export const metadata: Metadata = { title: "GraphQL schema" };

/** The example, against this server (PUBLIC_BASE_URL), as a reader would paste it. */
function exampleQuery(baseUrl: string): string {
  return `curl -s ${baseUrl}/api/graphql \\
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"query":"{ campaigns(first: 10, status: ACTIVE) { totalCount nodes { id name bidCpmUsd today { spendUsd dailyBudgetUsd } } } }"}'`;
}

/** The SDL's top-level definitions, for the table of contents. */
function definitions(sdl: string): { kind: string; name: string }[] {
  return [...sdl.matchAll(/^(type|input|enum|interface|scalar) (\w+)/gm)].map((match) => ({
    kind: match[1]!,
    name: match[2]!,
  }));
}

export default function GraphqlSchemaPage() {
  const kinds = ["type", "input", "enum", "interface", "scalar"];
  const all = definitions(typeDefs);
  // /graphiql exists on the development server only (docs/decisions/1108)
  const development = env().NODE_ENV === "development";
  return (
    <div className="container">
      <p>
        <Link href="/">← Home</Link> · <Link href="/docs/api">API reference</Link> ·{" "}
        <Link href="/docs/errors">Error codes</Link>
      </p>
      <h1>GraphQL schema</h1>
      <p>
        <code>POST /api/graphql</code> (queries also as <code>GET</code> with{" "}
        <code>apollo-require-preflight: true</code>) answers GraphQL over the same domain service as the REST API: the
        same rules, scopes, error codes and numbers. Authenticate with <code>Authorization: Bearer &lt;token&gt;</code>{" "}
        from <code>POST /api/auth/token</code>, or the dashboard session; each field needs the scope its REST twin
        needs. Code generators read this schema; introspection is open to authenticated callers.
        {development ? (
          <>
            {" "}
            In development, <Link href="/graphiql">GraphiQL</Link> explores it, served by the app itself.
          </>
        ) : null}
      </p>
      <ul>
        <li>
          Ids are opaque global ids: <code>node(id:)</code> resolves any of them; <code>restId</code> is the REST id.
        </li>
        <li>
          Lists are Relay connections (<code>first</code>/<code>after</code>, <code>last</code>/<code>before</code>, at
          most {MAX_PAGE_SIZE} per page, <code>totalCount</code>).
        </li>
        <li>
          Amounts (<code>Money</code>) are USD decimal strings exact to the micro-dollar (<code>&quot;2.50&quot;</code>
          ); inputs also take numbers.
        </li>
        <li>
          Mutations take one <code>input</code> and return <code>userErrors</code> (<code>field</code> as a path from
          the argument, <code>code</code>, <code>message</code>) for business-rule failures; anything else is a
          top-level error with <code>extensions.code</code>, <code>apiCode</code> (
          <Link href="/docs/errors">codes</Link>) and <code>requestId</code>.
        </li>
        <li>
          Limits per operation: depth {MAX_DEPTH}, {MAX_ALIASES} aliases, {MAX_TOKENS.toLocaleString("en-US")} tokens,
          cost {MAX_COST.toLocaleString("en-US")} (each object 1, a page multiplies what it holds by its size; reports,
          the previews and <code>createCampaign</code> add the work of their aggregates; <code>extensions.cost</code>{" "}
          gives it); an operation whose cost cannot be computed is refused too.
        </li>
        <li>
          Reports ({rateLimitText("report")}), the icon checks of <code>createCampaign</code>,{" "}
          <code>addCreativeVariant</code> and <code>previewCampaignCreate</code> ({rateLimitText("icon_check")}; an icon
          that passed in the last 10 minutes is not fetched again), <code>previewCampaignCreate</code> and{" "}
          <code>previewCampaignUpdate</code> themselves ({rateLimitText("preview", "previews")}, with REST&apos;s{" "}
          <code>validate_only</code>) and the sends of <code>testWebhookEndpoint</code> and{" "}
          <code>redeliverWebhookDelivery</code> ({rateLimitText("webhook_send")}) count against REST&apos;s
          per-advertiser limits. Past one, the field is a top-level <code>RATE_LIMITED</code> error with{" "}
          <code>extensions.retryAfter</code>, and the response carries <code>Retry-After</code> and{" "}
          <code>RateLimit-*</code> as REST&apos;s 429 does.
        </li>
      </ul>
      <pre tabIndex={0} aria-label="Example request">
        {exampleQuery(env().PUBLIC_BASE_URL)}
      </pre>
      <h2>Definitions</h2>
      {kinds.map((kind) => (
        <p key={kind}>
          <strong>{kind}</strong>:{" "}
          {all
            .filter((entry) => entry.kind === kind)
            .map((entry) => entry.name)
            .join(", ")}
        </p>
      ))}
      <h2 id="sdl">SDL</h2>
      <pre className={styles.sdl} tabIndex={0} aria-label="The GraphQL schema (SDL)">
        {typeDefs}
      </pre>
    </div>
  );
}
