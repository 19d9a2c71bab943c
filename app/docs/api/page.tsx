// /docs/api: the API reference, rendered on the server from the same OpenAPI
// document served at /.well-known/openapi.json. No client JavaScript and no
// external assets, so it works offline.
import Link from "next/link";
import type { Metadata } from "next";
import styles from "../docs.module.css";
import { ReferenceSidebar } from "./operation-view";
import { apiReference, type Reference } from "./reference";
import { Prose } from "./schema-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

/** How agents connect: the npm package over stdio, or /mcp over HTTP (docs/agents.md says the same). */
function AgentsSection({ reference }: { reference: Reference }) {
  const baseUrl = reference.baseUrl;
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
        Or reach <a href={reference.href("mcp")}>POST /mcp</a> directly (Streamable HTTP, stateless, JSON responses)
        with a Bearer token; tokens last an hour. Without one it answers 401 with{" "}
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
  const reference = apiReference();
  return (
    <div className={styles.layout}>
      <ReferenceSidebar reference={reference} />
      <div className={styles.content}>
        <section className={styles.intro}>
          <h1>
            {reference.info.title} <span className={styles.muted}>v{reference.info.version}</span>
          </h1>
          <p>
            <Prose text={reference.info.description} />
          </p>
          <p>
            Base URL: <code>{reference.baseUrl}</code>. Authenticate with a token from{" "}
            <a href={reference.href("obtainAccessToken")}>POST /api/auth/token</a> and send it as{" "}
            <code>Authorization: Bearer &lt;token&gt;</code>. Errors are problem details whose <code>type</code> links
            to the <Link href="/docs/errors">error codes</Link>. These pages are generated from{" "}
            <a href="/.well-known/openapi.json">/.well-known/openapi.json</a>, one page per group of operations with the
            schemas they use.
          </p>
        </section>
        <AgentsSection reference={reference} />
        <section aria-labelledby="operations">
          <h2 id="operations">Operations</h2>
          {reference.tags.map((tag) => (
            <section key={tag.slug} aria-labelledby={`tag-${tag.slug}`}>
              <h3 id={`tag-${tag.slug}`}>
                <Link href={`/docs/api/${tag.slug}`}>{tag.name}</Link>
              </h3>
              <ul className={styles.operationList}>
                {tag.entries.map((entry) => (
                  <li key={entry.anchor}>
                    <a href={reference.href(entry.anchor)}>
                      <span className={`${styles.method} ${styles[entry.method] ?? ""}`}>
                        {entry.method.toUpperCase()}
                      </span>{" "}
                      <span className={styles.path}>{entry.path}</span>
                    </a>{" "}
                    {entry.operation.summary}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      </div>
    </div>
  );
}
