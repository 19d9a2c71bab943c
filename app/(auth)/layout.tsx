import Link from "next/link";
import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-bg px-4 py-12">
      <Link href="/" className="mb-8 text-lg font-semibold text-ink">
        Sports Moment Ads
      </Link>
      <main className="w-full max-w-sm rounded-lg border border-line bg-white p-6 shadow-sm">{children}</main>
    </div>
  );
}
