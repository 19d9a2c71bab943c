import type { Metadata } from "next";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import "./globals.css";

const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "swap",
});

// Every page is rendered per request: Next puts the response's script nonce (the
// Content-Security-Policy the request edge sets, docs/decisions/0912) on the page's
// scripts, and a page prerendered at build time could not know it.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Sports Moment Ads", template: "%s · Sports Moment Ads" },
  description: "Push-notification ads delivered at the moments of live games when users have money on the line.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body>{children}</body>
    </html>
  );
}
