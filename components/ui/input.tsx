import type { ComponentProps } from "react";
import { cn } from "./cn";

// ComponentProps include `ref` (React 19: a plain prop), so react-hook-form's register() reaches the element.

const FIELD =
  "block w-full rounded-md border border-line bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-500 " +
  "aria-[invalid=true]:border-danger disabled:bg-slate-100";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(FIELD, "min-h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(FIELD, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(FIELD, "min-h-10", className)} {...props} />;
}
