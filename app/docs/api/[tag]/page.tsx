// /docs/api/<tag>: one tag's operations and the schemas they reach, with in-page links between them.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import styles from "../../docs.module.css";
import { OperationArticle, ReferenceSidebar, SchemaArticle } from "../operation-view";
import { apiReference, schemasOf } from "../reference";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tag: slug } = await params;
  const tag = apiReference().tags.find((candidate) => candidate.slug === slug);
  return { title: tag ? `${tag.name} · API reference` : "API reference" };
}

export default async function ApiTagPage({ params }: Props) {
  const { tag: slug } = await params;
  const reference = apiReference();
  const tag = reference.tags.find((candidate) => candidate.slug === slug);
  if (!tag) notFound();
  const schemas = schemasOf(reference, tag);
  return (
    <div className={styles.layout}>
      <ReferenceSidebar reference={reference} current={tag} />
      <div className={styles.content}>
        <section className={styles.intro}>
          <h1>{tag.name}</h1>
          <p>
            {tag.entries.length} operation{tag.entries.length === 1 ? "" : "s"} of the {reference.info.title} (v
            {reference.info.version}), base URL <code>{reference.baseUrl}</code>. Schemas they use are below them.
          </p>
        </section>
        <section aria-labelledby="operations-heading">
          <h2 id="operations-heading">Operations</h2>
          {tag.entries.map((entry) => (
            <OperationArticle key={entry.anchor} entry={entry} />
          ))}
        </section>
        {schemas.length ? (
          <section id="schemas" aria-labelledby="schemas-heading">
            <h2 id="schemas-heading">Schemas</h2>
            {schemas.map(([name, schema]) => (
              <SchemaArticle key={name} name={name} schema={schema} />
            ))}
          </section>
        ) : null}
      </div>
    </div>
  );
}
