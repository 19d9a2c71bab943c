"use client";
// A prompt before a half-filled form is left (docs/decisions/1233): the browser's own
// "Leave site?" on a reload, a closed tab or another address (beforeunload), and a dialog of
// ours on the dashboard's links and on the form's Cancel (in-app navigation never unloads the
// page). Saving the form leaves without a prompt.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** The path a click on a plain link of this origin leads to (null: not one we hold back). */
function inAppTarget(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== "_self") ||
    anchor.hasAttribute("download")
  ) {
    return null;
  }
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While `dirty`, holds back leaving the page. Returns the dialog to render and `leave(path)`
 * for the form's own navigation (Cancel), which asks first too; `release()` before navigating
 * after a save.
 */
export function useLeavePrompt(dirty: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [released, setReleased] = useState(false);
  const holding = dirty && !released;

  useEffect(() => {
    if (!holding) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      const target = inAppTarget(event);
      if (target === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(target);
    };
    window.addEventListener("beforeunload", beforeUnload);
    // capture: before Next's Link handles the click
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [holding]);

  const leave = useCallback(
    (path: string) => {
      if (holding) setPending(path);
      else router.push(path);
    },
    [holding, router],
  );
  const release = useCallback(() => setReleased(true), []);

  const dialog = (
    <Dialog open={pending !== null} onClose={() => setPending(null)} title="Leave without saving?">
      <p className="text-sm text-slate-700">What you entered in this form is lost if you leave the page now.</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => setPending(null)}>
          Stay on this page
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            const path = pending;
            setReleased(true);
            setPending(null);
            if (path) router.push(path);
          }}
        >
          Leave and lose the changes
        </Button>
      </div>
    </Dialog>
  );
  return { dialog, leave, release };
}
