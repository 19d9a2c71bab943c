"use client";
// The header's notification centre (docs/decisions/1428): a bell whose accessible name
// carries the unread count, and a panel of the latest alerts with links and "Mark all
// read". The count comes with the page (the shell's query); the panel loads the list
// when it opens, and opening a link marks that alert read.
import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { gqlFetch } from "@/components/graphql-client";
import { LocalTime } from "@/components/ui/local-time";
import { cn } from "@/components/ui/cn";

const RECENT = graphql(`
  query RecentNotifications {
    viewer {
      notifications(first: 10) {
        unreadCount
        nodes {
          id
          kind
          title
          body
          linkPath
          createdAt
          readAt
        }
      }
    }
  }
`);

const MARK = graphql(`
  mutation MarkNotificationsRead($input: MarkNotificationsReadInput!) {
    markNotificationsRead(input: $input) {
      unreadCount
      userErrors {
        message
      }
    }
  }
`);

type Item = { id: string; title: string; body: string; linkPath: string; createdAt: string; readAt: string | null };

export function bellLabel(unread: number): string {
  return unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
}

export function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(initialUnread);
  const [items, setItems] = useState<Item[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const data = await gqlFetch(RECENT);
      const page = data.viewer?.notifications;
      setItems(
        (page?.nodes ?? []).map((node) => ({
          ...node,
          createdAt: String(node.createdAt),
          readAt: node.readAt ? String(node.readAt) : null,
        })),
      );
      setUnread(page?.unreadCount ?? 0);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, []);

  const mark = async (input: { ids?: string[]; all?: boolean }) => {
    setError(null);
    try {
      const { markNotificationsRead } = await gqlFetch(MARK, { input });
      if (markNotificationsRead?.userErrors.length) {
        setError(markNotificationsRead.userErrors[0]!.message);
        return;
      }
      setUnread(markNotificationsRead?.unreadCount ?? 0);
      const now = new Date().toISOString();
      setItems(
        (current) =>
          current?.map((item) =>
            input.all || input.ids?.includes(item.id) ? { ...item, readAt: item.readAt ?? now } : item,
          ) ?? null,
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        data-testid="notification-bell"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        className="relative inline-flex min-h-10 min-w-10 items-center justify-center rounded-md text-ink hover:bg-slate-100"
        onClick={() => {
          const next = !open;
          setOpen(next);
          if (next) void load();
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-red-700 px-1 text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        role="region"
        aria-label="Notifications"
        hidden={!open}
        className="fixed inset-x-2 top-14 z-40 max-h-[70vh] overflow-y-auto rounded-md border border-line bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
          <h2 className="text-sm font-semibold text-ink">Notifications</h2>
          <button
            type="button"
            className="min-h-10 rounded-md px-2 text-sm font-medium text-brand hover:underline disabled:text-muted disabled:no-underline"
            disabled={unread === 0}
            onClick={() => void mark({ all: true })}
          >
            Mark all read
          </button>
        </div>
        {error ? (
          <p role="alert" className="px-4 py-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {items === null ? (
          <p className="px-4 py-3 text-sm text-muted">Loading…</p>
        ) : items.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted">No notifications yet.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="notification-list">
            {items.map((item) => (
              <li key={item.id} className={cn("px-4 py-3", item.readAt ? "bg-white" : "bg-slate-50")}>
                <Link
                  href={item.linkPath}
                  className="block text-sm font-medium text-ink hover:underline"
                  onClick={() => {
                    setOpen(false);
                    if (!item.readAt) void mark({ ids: [item.id] });
                  }}
                >
                  {item.readAt ? null : <span className="sr-only">Unread: </span>}
                  {item.title}
                </Link>
                <p className="mt-1 text-sm text-muted">{item.body}</p>
                <p className="mt-1 text-xs text-muted">
                  <LocalTime iso={item.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-line px-4 py-2 text-sm">
          <Link href="/settings#notifications" className="text-brand hover:underline" onClick={() => setOpen(false)}>
            Notification settings
          </Link>
        </div>
      </div>
    </div>
  );
}
