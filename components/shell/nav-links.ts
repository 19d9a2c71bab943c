// The dashboard's navigation, in order (the docs pages are the public ones under /docs).
export type NavLink = { href: string; label: string; icon: string; external?: boolean };

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/overview", label: "Overview", icon: "gauge" },
  { href: "/campaigns", label: "Campaigns", icon: "megaphone" },
  { href: "/reports", label: "Reports", icon: "chart" },
  { href: "/clearing-prices", label: "Clearing prices", icon: "scale" },
  { href: "/history", label: "History", icon: "history" },
  { href: "/webhooks", label: "Webhooks", icon: "webhook" },
  { href: "/api-keys", label: "API keys", icon: "key" },
  { href: "/connected-apps", label: "Connected apps", icon: "plug" },
  { href: "/settings/postback-keys", label: "Postback keys", icon: "shield" },
  { href: "/settings", label: "Settings", icon: "settings" },
];

export const DOC_LINKS: readonly NavLink[] = [
  { href: "/docs/api", label: "API reference", icon: "book" },
  { href: "/docs/errors", label: "Errors", icon: "alert" },
  { href: "/docs/graphql", label: "GraphQL", icon: "braces" },
];
