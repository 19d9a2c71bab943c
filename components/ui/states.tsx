// Empty, error and loading states, and a form's own error: one look everywhere.
import type { ReactNode } from "react";
import { cn } from "./cn";

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <p className="text-base font-semibold text-ink">{title}</p>
      {children ? <div className="max-w-md text-sm text-muted">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export function ErrorState({
  title = "Something went wrong",
  children,
  action,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-5 py-4 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

/** An error of a whole form or action (not of one field), announced as it appears; nothing when there is none. */
export function FormError({ children, className }: { children?: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={cn("rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900", className)}
    >
      {children}
    </p>
  );
}

/** What a form or action did, announced politely (role=status); the green of success. */
export function SuccessNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={cn("rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900", className)}
    >
      {children}
    </p>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200", className)} />;
}
