import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * A table that scrolls sideways inside its card on narrow screens instead of widening the page.
 * The scroller is a named, focusable region (keyboard users scroll it with the arrow keys), it
 * shows a shadow at an edge while more lies beyond it (app/globals.css, .scroll-shadows), and the
 * first column, the row's name, stays in view while the others scroll.
 */
export function Table({ className, label, ...props }: ComponentProps<"table"> & { label?: string }) {
  return (
    <div
      className="scroll-shadows relative w-full overflow-x-auto"
      role="region"
      aria-label={label ?? props["aria-label"] ?? "Table"}
      tabIndex={0}
      data-scroll-region
    >
      <table
        className={cn(
          "w-full border-collapse text-sm",
          "[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>td:first-child]:bg-white",
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function Th({ className, numeric, ...props }: ComponentProps<"th"> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        "border-b border-line bg-slate-50 px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase",
        numeric ? "text-right" : "text-left",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, numeric, ...props }: ComponentProps<"td"> & { numeric?: boolean }) {
  return (
    <td
      className={cn(
        "border-b border-line px-4 py-3 align-middle text-ink",
        numeric && "text-right tabular-nums",
        className,
      )}
      {...props}
    />
  );
}
