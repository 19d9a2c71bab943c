"use client";
// The one-time token of an emailed link (an invitation, a password reset) travels in the
// link's fragment: a browser never sends a fragment, so the token reaches no request log,
// proxy or Referer; the page reads it here and hands it to its server actions (a POST body).
import { useEffect, useState } from "react";

/** The link's token: undefined until read, null when the link has none. */
export function useLinkToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setToken(decodeURIComponent(window.location.hash.slice(1)) || null);
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  return token;
}

/** While the link's token is read and checked. */
export function OpeningLink({ what }: { what: string }) {
  return (
    <p className="text-sm text-muted" role="status">
      Opening {what}…
    </p>
  );
}
