"use client";
// Below the lg breakpoint the sidebar folds into a menu button (375 px phones).
// Escape closes the open menu and gives focus back to its button.
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Role } from "@/lib/auth/roles";
import { SidebarNav } from "./sidebar-nav";

export function MobileNav({ role }: { role?: Role | null }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-nav"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-line bg-white px-3 text-sm font-medium text-ink"
      >
        {open ? <X size={16} aria-hidden="true" /> : <Menu size={16} aria-hidden="true" />}
        Menu
      </button>
      {open ? (
        <div id="mobile-nav" className="absolute inset-x-0 top-14 z-20 border-b border-line bg-white p-4 shadow-lg">
          <SidebarNav role={role} onNavigate={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
