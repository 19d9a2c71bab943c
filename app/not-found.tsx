import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found" };

/** Any path no page serves (HTTP 404). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-2 px-6 py-12 text-center">
      <h1 className="text-xl font-semibold text-ink">Not found</h1>
      <p className="max-w-md text-sm text-muted">There is no page at this address.</p>
      <p className="mt-2 flex gap-4 text-sm">
        <Link href="/" className="font-medium text-brand underline underline-offset-2">
          Home
        </Link>
        <Link href="/overview" className="font-medium text-brand underline underline-offset-2">
          Dashboard
        </Link>
      </p>
    </main>
  );
}
