// A page's list: a card with its title and count, the table of its rows, or its
// empty state when there are none; and the page layout of a list beside the form
// that adds to it (API keys, postback keys, webhooks, members).
import type { ReactNode } from "react";
import { Card, CardBody, CardHeader } from "./card";
import { EmptyState } from "./states";
import { Table } from "./table";

export function ListTable({
  label,
  testId,
  head,
  children,
}: {
  /** the table's accessible name (its scroller's too) */
  label: string;
  testId: string;
  /** the header cells (<Th>) */
  head: ReactNode;
  /** the rows */
  children: ReactNode;
}) {
  return (
    <Table aria-label={label} data-testid={testId}>
      <thead>
        <tr>{head}</tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}

export function ListCard({
  title,
  description,
  empty,
  className,
  ...table
}: {
  title: string;
  description?: ReactNode;
  /** the empty state, shown instead of the table when the list has no rows */
  empty: { title: string; text?: ReactNode } | null;
  className?: string;
} & Parameters<typeof ListTable>[0]) {
  return (
    <Card className={className}>
      <CardHeader title={title} description={description} />
      {empty ? <EmptyState title={empty.title}>{empty.text}</EmptyState> : <ListTable {...table} />}
    </Card>
  );
}

/** A list (or lists) beside the card of the form that adds to it; one column on narrow screens. */
export function ListWithForm({
  list,
  formTitle,
  formDescription,
  children,
}: {
  list: ReactNode;
  formTitle: string;
  formDescription?: ReactNode;
  /** the form card's body */
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      {list}
      <Card>
        <CardHeader title={formTitle} description={formDescription} />
        <CardBody className="space-y-4">{children}</CardBody>
      </Card>
    </div>
  );
}
