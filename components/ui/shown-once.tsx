"use client";
// A credential the server returns once (an API key's secret, a postback key, a
// webhook's signing secret): announced as it appears, each value with its copy
// button where it is the secret, until "Done".
import type { ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";

export type ShownValue = {
  term: string;
  value: string;
  testId: string;
  /** the copy button's label; none for a value that is not the secret (an id) */
  copyLabel?: string;
};

export function ShownOnce({
  title,
  note,
  values,
  children,
  onDone,
}: {
  title: ReactNode;
  /** what the value is for, and that it is shown this once */
  note: ReactNode;
  values?: readonly ShownValue[];
  /** what the values list does not say (a single secret and its copy button) */
  children?: ReactNode;
  onDone: () => void;
}) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm">
      <p className="font-semibold break-all text-emerald-900">{title}</p>
      <p className="text-emerald-900">{note}</p>
      {values ? (
        <dl className="grid gap-1 sm:grid-cols-[7rem_minmax(0,1fr)]">
          {values.map((each) => (
            <ShownValueRow key={each.testId} {...each} />
          ))}
        </dl>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function ShownValueRow({ term, value, testId, copyLabel }: ShownValue) {
  return (
    <>
      <dt className="font-medium text-emerald-900">{term}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code
          data-testid={testId}
          className={
            copyLabel ? "rounded bg-white px-2 py-1 font-mono text-xs break-all" : "font-mono text-xs break-all"
          }
        >
          {value}
        </code>
        {copyLabel ? <CopyButton value={value} label={copyLabel} /> : null}
      </dd>
    </>
  );
}
