"use client";
// Creates a postback key (createPostbackKey). The key comes back once: shown here
// with a copy button and where partners put it, until "Done" or a navigation
// (docs/decisions/1212); the list refreshes from the server.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError } from "@/components/ui/states";

const CREATE = graphql(`
  mutation CreatePostbackKey {
    createPostbackKey {
      postbackKey {
        id
        restId
      }
      key
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export function CreatePostbackKeyButton({ firstKey }: { firstKey: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; key: string } | null>(null);

  async function create() {
    setPending(true);
    try {
      const { createPostbackKey: result } = await gqlFetch(CREATE);
      if (!result?.postbackKey || !result.key) {
        setError(userFieldErrors(result?.userErrors ?? [])._form ?? "The key could not be created.");
        return;
      }
      setError(null);
      setCreated({ id: result.postbackKey.restId, key: result.key });
      router.refresh();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      {created ? (
        <div role="status" className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="font-semibold text-emerald-900">Postback key created</p>
          <p className="text-emerald-900">
            The key is shown this once only. Give it to your attribution partner: add <code>&amp;postback_key=</code>{" "}
            and the key to each postback URL, or send it in the <code>X-Postback-Key</code> header with{" "}
            <code>POST /api/ads/postback</code>.
          </p>
          <dl className="grid gap-1 sm:grid-cols-[6rem_minmax(0,1fr)]">
            <dt className="font-medium text-emerald-900">Key id</dt>
            <dd>
              <code data-testid="postback-key-id" className="font-mono text-xs break-all">
                {created.id}
              </code>
            </dd>
            <dt className="font-medium text-emerald-900">Key</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code
                data-testid="postback-key-secret"
                className="rounded bg-white px-2 py-1 font-mono text-xs break-all"
              >
                {created.key}
              </code>
              <CopyButton value={created.key} label="Copy key" />
            </dd>
          </dl>
          <Button variant="ghost" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      ) : null}
      {firstKey ? (
        <p className="text-sm text-muted">
          From the moment this first key exists, postbacks without an active key are refused: put it in every partner
          template first, or create it before the partner goes live.
        </p>
      ) : null}
      <FormError>{error}</FormError>
      <Button onClick={create} disabled={pending}>
        {pending ? "Creating…" : "Create postback key"}
      </Button>
    </div>
  );
}
