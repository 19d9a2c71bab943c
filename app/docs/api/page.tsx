// /docs/api: the API reference, rendered on the server from the same OpenAPI
// document served at /.well-known/openapi.json. No client JavaScript and no
// external assets, so it works offline.
import Link from "next/link";
import type { Metadata } from "next";
import { env } from "@/lib/env";
import { openApiDocument } from "@/lib/openapi/cached-document";
import styles from "../docs.module.css";
import { Prose, SchemaView, refName, type JsonSchema } from "./schema-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Response = { description: string; content?: Record<string, { schema?: JsonSchema }> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Response>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The tag of next-auth's endpoints (lib/openapi/paths/auth.ts). */
const DASHBOARD_SESSION_TAG = "Dashboard session";

function anchor(method: string, path: string, operation: Operation): string {
  return operation.operationId ?? `${method}-${path.replace(/[^a-z0-9]+/gi, "-")}`;
}

function authLabel(operation: Operation): string {
  const security = operation.security;
  if (!security || security.length === 0) return "None (public)";
  return security
    .map((requirement) =>
      Object.entries(requirement)
        .map(([scheme, scopes]) =>
          scheme === "oauth2"
            ? scopes.length
              ? `Bearer token with scope ${scopes.join(", ")}`
              : "Any valid Bearer token"
            : "Platform key (Bearer)",
        )
        .join(" and "),
    )
    .join(" or ");
}

function Body({ content }: { content?: Record<string, { schema?: JsonSchema }> }) {
  if (!content) return <p className={styles.muted}>No body.</p>;
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type}>
          <p className={styles.muted}>
            <code>{type}</code>
            {media.schema?.$ref ? (
              <>
                {" "}
                — <a href={`#schema-${refName(media.schema.$ref)}`}>{refName(media.schema.$ref)}</a>
              </>
            ) : null}
          </p>
          {media.schema?.$ref ? null : <SchemaView schema={media.schema} />}
        </div>
      ))}
    </>
  );
}

/** How agents connect: the npm package over stdio, or /mcp over HTTP (docs/agents.md says the same). */
function AgentsSection({ baseUrl }: { baseUrl: string }) {
  const stdio = {
    mcpServers: {
      "sports-moment-ads": {
        command: "npx",
        args: ["-y", "@sports-moment-ads/mcp"],
        env: { SMA_API_KEY: "<client_id>:<client_secret>", SMA_BASE_URL: baseUrl },
      },
    },
  };
  const remote = {
    mcpServers: {
      "sports-moment-ads": {
        type: "http",
        url: `${baseUrl}/mcp`,
        headers: { Authorization: "Bearer <access token from POST /api/auth/token>" },
      },
    },
  };
  return (
    <section className={styles.intro} aria-labelledby="agents">
      <h2 id="agents">Agents (MCP)</h2>
      <p>
        The same tools (campaigns, reports, webhooks, and AdCP 3.1 media-buy tasks such as <code>get_products</code> and{" "}
        <code>create_media_buy</code>) are served two ways. The npm package <code>@sports-moment-ads/mcp</code> runs
        over stdio with an API key (<code>SMA_API_KEY</code>, exchanged at the token endpoint and renewed before it
        expires; <code>SMA_READ_ONLY=1</code> hides every write). From a clone of this repository use{" "}
        <code>&quot;command&quot;: &quot;node&quot;, &quot;args&quot;: [&quot;&lt;repo&gt;/mcp/dist/bin.js&quot;]</code>{" "}
        after <code>npm run build</code>.
      </p>
      <pre tabIndex={0} aria-label="MCP configuration over stdio">
        <code>{JSON.stringify(stdio, null, 2)}</code>
      </pre>
      <p>
        Or reach <a href="#mcp">POST /mcp</a> directly (Streamable HTTP, stateless, JSON responses) with a Bearer token;
        tokens last an hour. Without one it answers 401 with{" "}
        <code>
          WWW-Authenticate: Bearer resource_metadata=&quot;{baseUrl}/.well-known/oauth-protected-resource/mcp&quot;
        </code>
        . The token&apos;s scopes decide which tools are listed. Every write takes an <code>idempotency_key</code>, and
        a change that can raise spend returns a preview until it is called again with <code>confirm: true</code>.
      </p>
      <pre tabIndex={0} aria-label="MCP configuration over HTTP">
        <code>{JSON.stringify(remote, null, 2)}</code>
      </pre>
    </section>
  );
}

export default function ApiReferencePage() {
  const doc = openApiDocument(env().PUBLIC_BASE_URL) as unknown as Document;
  // next-auth's endpoints serve the dashboard's own sign-in: in the OpenAPI document, not in the
  // reference an integrator reads
  const operations = Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
    )
    .filter(({ operation }) => !operation.tags?.includes(DASHBOARD_SESSION_TAG));
  const tags = [...new Set(operations.flatMap((entry) => entry.operation.tags ?? ["Other"]))];
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .filter(([name]) => !name.startsWith("NextAuth"))
    .sort(([a], [b]) => a.localeCompare(b));

  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="API operations">
        <p>
          <Link href="/">← Home</Link>
        </p>
        {tags.map((tag) => (
          <div key={tag}>
            <h2>{tag}</h2>
            <ul>
              {operations
                .filter((entry) => (entry.operation.tags ?? ["Other"]).includes(tag))
                .map(({ path, method, operation }) => (
                  <li key={`${method} ${path}`}>
                    <a href={`#${anchor(method, path, operation)}`}>
                      {operation.summary ?? `${method.toUpperCase()} ${path}`}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <h2>Reference</h2>
        <ul>
          <li>
            <a href="#agents">Agents (MCP)</a>
          </li>
          <li>
            <a href="#schemas">Schemas</a>
          </li>
          <li>
            <Link href="/docs/graphql">GraphQL schema</Link>
          </li>
          <li>
            <Link href="/docs/errors">Error codes</Link>
          </li>
          <li>
            <a href="/.well-known/openapi.json">OpenAPI document (JSON)</a>
          </li>
        </ul>
      </nav>
      <div className={styles.content}>
        <section className={styles.intro}>
          <h1>
            {doc.info.title} <span className={styles.muted}>v{doc.info.version}</span>
          </h1>
          <p>
            <Prose text={doc.info.description} />
          </p>
          <p>
            Base URL: <code>{doc.servers?.[0]?.url}</code>. Authenticate with a token from{" "}
            <a href="#obtainAccessToken">POST /api/auth/token</a> and send it as{" "}
            <code>Authorization: Bearer &lt;token&gt;</code>. Errors are problem details whose <code>type</code> links
            to the <Link href="/docs/errors">error codes</Link>. This page is generated from{" "}
            <a href="/.well-known/openapi.json">/.well-known/openapi.json</a>.
          </p>
        </section>
        <AgentsSection baseUrl={doc.servers?.[0]?.url ?? ""} />
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`}>
            <h2 id={`tag-${tag}`}>{tag}</h2>
            {operations
              .filter((entry) => (entry.operation.tags ?? ["Other"]).includes(tag))
              .map(({ path, method, operation }) => (
                <article key={`${method} ${path}`} id={anchor(method, path, operation)} className={styles.operation}>
                  <h3>
                    <span className={`${styles.method} ${styles[method] ?? ""}`}>{method.toUpperCase()}</span>
                    <span className={styles.path}>{path}</span>
                    <span className={styles.summary}>{operation.summary}</span>
                  </h3>
                  {operation.description ? (
                    <p className={styles.description}>
                      <Prose text={operation.description} />
                    </p>
                  ) : null}
                  <p>
                    <strong>Authentication:</strong> {authLabel(operation)}
                  </p>
                  {operation.parameters?.length ? (
                    <>
                      <h4>Parameters</h4>
                      <SchemaView
                        schema={{
                          type: "object",
                          properties: Object.fromEntries(
                            operation.parameters.map((parameter) => [
                              `${parameter.name} (${parameter.in})`,
                              {
                                ...parameter.schema,
                                description: parameter.description ?? parameter.schema?.description,
                              },
                            ]),
                          ),
                          required: operation.parameters
                            .filter((parameter) => parameter.required)
                            .map((parameter) => `${parameter.name} (${parameter.in})`),
                        }}
                      />
                    </>
                  ) : null}
                  {operation.requestBody ? (
                    <>
                      <h4>Request body</h4>
                      <Body content={operation.requestBody.content} />
                    </>
                  ) : null}
                  <h4>Responses</h4>
                  <table className={styles.cards}>
                    <tbody>
                      {Object.entries(operation.responses ?? {}).map(([status, response]) => (
                        <tr key={status}>
                          <td className={styles.status}>{status}</td>
                          <td className={styles.response}>
                            <Prose text={response.description} />
                            <Body content={response.content} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </article>
              ))}
          </section>
        ))}
        <section id="schemas" aria-labelledby="schemas-heading">
          <h2 id="schemas-heading">Schemas</h2>
          {schemas.map(([name, schema]) => (
            <article key={name} id={`schema-${name}`} className={`${styles.operation} ${styles.component}`}>
              <h3>{name}</h3>
              {schema.description ? (
                <p className={styles.description}>
                  <Prose text={schema.description} />
                </p>
              ) : null}
              <SchemaView schema={schema} />
            </article>
          ))}
        </section>
      </div>
    </div>
  );
}
