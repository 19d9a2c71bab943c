// The API reference's parts shared by its index and its tag pages: the sidebar, one operation, a schema.
import Link from "next/link";
import styles from "../docs.module.css";
import type { Entry, Operation, Reference, Tag } from "./reference";
import { Prose, SchemaView, refName, type JsonSchema } from "./schema-view";

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

/** Every tag's page; the page shown lists its operations beneath its name. */
export function ReferenceSidebar({ reference, current }: { reference: Reference; current?: Tag }) {
  return (
    <nav className={styles.sidebar} aria-label="API reference">
      <p>
        <Link href="/">← Home</Link>
      </p>
      <h2>Guide</h2>
      <ul>
        <li>
          <Link href="/docs/api" aria-current={current ? undefined : "page"}>
            Overview and agents (MCP)
          </Link>
        </li>
      </ul>
      <h2>Operations</h2>
      <ul>
        {reference.tags.map((tag) => (
          <li key={tag.slug}>
            <Link href={`/docs/api/${tag.slug}`} aria-current={tag === current ? "page" : undefined}>
              {tag.name}
            </Link>
            {tag === current ? (
              <ul className={styles.subList}>
                {tag.entries.map((entry) => (
                  <li key={entry.anchor}>
                    <a href={`#${entry.anchor}`}>
                      {entry.operation.summary ?? `${entry.method.toUpperCase()} ${entry.path}`}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>Reference</h2>
      <ul>
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
  );
}

export function OperationArticle({ entry }: { entry: Entry }) {
  const { method, path, operation } = entry;
  return (
    <article id={entry.anchor} className={styles.operation}>
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
                  { ...parameter.schema, description: parameter.description ?? parameter.schema?.description },
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
  );
}

export function SchemaArticle({ name, schema }: { name: string; schema: JsonSchema }) {
  return (
    <article id={`schema-${name}`} className={`${styles.operation} ${styles.component}`}>
      <h3>{name}</h3>
      {schema.description ? (
        <p className={styles.description}>
          <Prose text={schema.description} />
        </p>
      ) : null}
      <SchemaView schema={schema} />
    </article>
  );
}
