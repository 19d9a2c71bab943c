"use client";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { signOut } from "@/components/auth/auth-client";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="ghost"
      aria-label="Sign out"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOut();
        } finally {
          // a full load: nothing of the signed-in session stays in the client router cache
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.assign("/signin");
        }
      }}
    >
      <LogOut size={16} aria-hidden="true" />
      <span className="hidden sm:inline">Sign out</span>
    </Button>
  );
}
