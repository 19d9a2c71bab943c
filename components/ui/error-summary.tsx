"use client";
// The error summary of a form that failed (the GOV.UK pattern): it takes focus,
// says there is a problem, and links to each field in error; a link moves focus
// to its field (a group's first choice), its label in view.
import { useEffect, useId, useRef } from "react";

export type SummaryItem = { id: string; message: string };

/** Focuses the field `id` (or the first control of a group) and brings its label into view. */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const control =
    element instanceof HTMLFieldSetElement ? element.querySelector<HTMLElement>("input, select, textarea") : element;
  (element.closest(".space-y-1\\.5, fieldset") ?? element).scrollIntoView({ block: "center" });
  control?.focus({ preventScroll: true });
}

export function ErrorSummary({
  items,
  formError,
  focusKey,
}: {
  items: readonly SummaryItem[];
  /** an error of the whole form (the server could not be reached, a refusal of no one field) */
  formError?: string | null;
  /** changes at each failed submit: the summary takes focus again */
  focusKey: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focused = useRef(0);
  const titleId = useId();
  const shown = items.length > 0 || Boolean(formError);
  // once per failed submit, as soon as the summary has something to say (the errors may arrive a render later)
  useEffect(() => {
    if (focusKey > focused.current && shown && ref.current) {
      focused.current = focusKey;
      ref.current.focus();
    }
  }, [focusKey, shown]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="error-summary"
      className="rounded-md border-2 border-danger bg-white p-4 text-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand"
    >
      <h2 id={titleId} className="text-base font-semibold text-ink">
        There is a problem
      </h2>
      {formError ? <p className="mt-1 text-ink">{formError}</p> : null}
      {items.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                className="font-medium text-danger underline underline-offset-2"
                onClick={(event) => {
                  event.preventDefault();
                  focusField(item.id);
                }}
              >
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
