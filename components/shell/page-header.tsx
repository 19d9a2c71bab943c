import Link from "next/link";
import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** the list a detail page belongs to, linked above its title ("← Campaigns") */
  back?: { href: string; label: string };
}) {
  return (
    <>
      {back ? (
        <p className="mb-2 text-sm">
          <Link href={back.href} className="text-brand underline-offset-2 hover:underline">
            ← {back.label}
          </Link>
        </p>
      ) : null}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </>
  );
}
