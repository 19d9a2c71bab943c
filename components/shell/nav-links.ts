// The dashboard's navigation, in order (the docs pages are the public ones under /docs).
// A link with `least` is shown to that role and above (the page and its
// operations refuse the others anyway, docs/decisions/1009).
import type { Role } from "@/lib/auth/roles";

export type NavLink = { href: string; label: string; icon: string; external?: boolean; least?: Role };

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/overview", label: "Overview", icon: "gauge" },
  { href: "/campaigns", label: "Campaigns", icon: "megaphone" },
  { href: "/reports", label: "Reports", icon: "chart" },
  { href: "/reports/saved", label: "Saved reports", icon: "mail" },
  { href: "/rules", label: "Rules", icon: "zap" },
  { href: "/clearing-prices", label: "Clearing prices", icon: "scale" },
  { href: "/history", label: "History", icon: "history" },
  { href: "/webhooks", label: "Webhooks", icon: "webhook" },
  { href: "/api-keys", label: "API keys", icon: "key", least: "admin" },
  { href: "/connected-apps", label: "Connected apps", icon: "plug", least: "admin" },
  { href: "/settings/postback-keys", label: "Postback keys", icon: "shield", least: "admin" },
  { href: "/members", label: "Members", icon: "users", least: "admin" },
  { href: "/billing", label: "Billing", icon: "receipt", least: "admin" },
  { href: "/settings", label: "Settings", icon: "settings" },
];

export const DOC_LINKS: readonly NavLink[] = [
  { href: "/docs/api", label: "API reference", icon: "book" },
  { href: "/docs/errors", label: "Errors", icon: "alert" },
  { href: "/docs/graphql", label: "GraphQL", icon: "braces" },
];
