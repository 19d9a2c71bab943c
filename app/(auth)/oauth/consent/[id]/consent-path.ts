import { consentPath } from "@/lib/auth/oauth/grants";

/** The consent page's own path for request `id` (what the sign-in page returns to). */
export function consentPathOf(id: string): string {
  return consentPath(encodeURIComponent(id));
}
