"use client";
// An instant in the signed-in user's time zone (their setting), or else in the
// reader's own zone and locale. In the user's zone the server writes it as the
// browser will; otherwise the server does not know the zone, so the first render
// (server and hydration) says UTC and the browser then rewrites it locally: no
// hydration mismatch, and the text keeps its width.
import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/components/format";
import { useUserTimeZone } from "./time-zone";

const subscribe = () => () => undefined;

export function LocalTime({ iso }: { iso: string | null | undefined }) {
  const zone = useUserTimeZone();
  const local = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!iso) return <span>–</span>;
  if (zone)
    return (
      <time
        dateTime={iso}
      >{`${formatDateTime(iso, { timeZone: zone, locale: "en-US" })}${zone === "UTC" ? " UTC" : ""}`}</time>
    );
  return <time dateTime={iso}>{local ? formatDateTime(iso) : `${formatDateTime(iso, { timeZone: "UTC" })} UTC`}</time>;
}
