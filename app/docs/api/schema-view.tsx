// Renders JSON Schema (as zod-openapi emits it) as readable tables. Server
// component: no client JavaScript, no external assets.
import type { ReactNode } from "react";
import styles from "../docs.module.css";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  example?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

/** A short type label: "string (date)", "array of Creative", "number or null". */
export function typeLabel(schema: JsonSchema | undefined): ReactNode {
  if (!schema) return "any";
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return <a href={`#schema-${name}`}>{name}</a>;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants.map((variant, index) => (
      <span key={index}>
        {index > 0 ? " or " : ""}
        {typeLabel(variant)}
      </span>
    ));
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("array")) return <>array of {typeLabel(schema.items)}</>;
  if (types.includes("object") && !schema.properties && typeof schema.additionalProperties === "object") {
    return <>map of {typeLabel(schema.additionalProperties)}</>;
  }
  const base = types.join(" or ") || "any";
  return schema.format ? `${base} (${schema.format})` : base;
}

/** Text with `code` spans, as the document's descriptions write them. */
export function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
            <code key={index}>{part.slice(1, -1)}</code>
          ) : (
            <span key={index}>{part}</span>
          ),
        )}
    </>
  );
}

function constraints(schema: JsonSchema): string[] {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap(constraints);
  const out: string[] = [];
  if (schema.enum) out.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) out.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.items?.enum) out.push(`items: ${schema.items.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  return out;
}

/** An object's properties as a table; anything else as its type line. */
export function SchemaView({ schema }: { schema: JsonSchema | undefined }) {
  if (!schema) return <p className={styles.muted}>No body.</p>;
  if (!schema.properties) {
    return (
      <p>
        <span className={styles.type}>{typeLabel(schema)}</span>
        {schema.description ? (
          <span className={styles.muted}>
            {" "}
            — <Prose text={schema.description} />
          </span>
        ) : null}
      </p>
    );
  }
  const required = new Set(schema.required ?? []);
  return (
    <table className={`${styles.schemaTable} ${styles.cards}`}>
      <thead>
        <tr>
          <th>Field</th>
          <th>Type</th>
          <th>Notes</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(schema.properties).map(([name, property]) => {
          const notes = constraints(property);
          return (
            <tr key={name}>
              <td data-label="Field">
                <code>{name}</code>
                {required.has(name) ? <span className={styles.required}>required</span> : null}
              </td>
              <td className={styles.type} data-label="Type">
                {typeLabel(property)}
              </td>
              <td data-label={notes.length || property.description ? "Notes" : undefined}>
                <Prose
                  text={property.description ?? property.anyOf?.find((variant) => variant.description)?.description}
                />
                {notes.length ? <div className={styles.constraints}>{notes.join(" · ")}</div> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
