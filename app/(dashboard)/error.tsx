"use client";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorState
      title="This page could not be loaded"
      action={
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
      }
    >
      <p>{error.digest ? `Quote this reference when reporting it: ${error.digest}` : error.message}</p>
    </ErrorState>
  );
}
