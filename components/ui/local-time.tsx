"use client";
// An instant in the reader's own zone and locale. The server does not know them,
// so the first render (server and hydration) says UTC, and the browser then
// rewrites it locally: no hydration mismatch, and the text keeps its width.
import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/components/format";

const subscribe = () => () => undefined;

export function LocalTime({ iso }: { iso: string | null | undefined }) {
  const local = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!iso) return <span>–</span>;
  return <time dateTime={iso}>{local ? formatDateTime(iso) : `${formatDateTime(iso, { timeZone: "UTC" })} UTC`}</time>;
}
