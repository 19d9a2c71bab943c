"use client";
// The signed-in user's time zone (Settings, docs/decisions/1220): <LocalTime>
// writes instants in it, on the server and in the browser alike. Outside the
// dashboard (no user) instants are written in the browser's own zone.
import { createContext, useContext, type ReactNode } from "react";

const TimeZoneContext = createContext<string | null>(null);

export function TimeZoneProvider({ timeZone, children }: { timeZone: string | null; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/** The user's zone, or null (then the browser's). */
export function useUserTimeZone(): string | null {
  return useContext(TimeZoneContext);
}
