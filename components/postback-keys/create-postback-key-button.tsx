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
import { useAction } from "@/components/forms/use-submit";
import { ShownOnce } from "@/components/ui/shown-once";
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
        ...UserErrorFields
      }
    }
  }
`);

export function CreatePostbackKeyButton({ firstKey }: { firstKey: boolean }) {
  const router = useRouter();
  const { pending, error, act } = useAction();
  const [created, setCreated] = useState<{ id: string; key: string } | null>(null);

  const create = () =>
    act(async () => {
      const { createPostbackKey: result } = await gqlFetch(CREATE);
      if (!result?.postbackKey || !result.key)
        return userFieldErrors(result?.userErrors ?? [])._form ?? "The key could not be created.";
      setCreated({ id: result.postbackKey.restId, key: result.key });
      router.refresh();
      return null;
    });

  return (
    <div className="space-y-4">
      {created ? (
        <ShownOnce
          title="Postback key created"
          note={
            <>
              The key is shown this once only. Give it to your attribution partner: add <code>&amp;postback_key=</code>{" "}
              and the key to each postback URL, or send it in the <code>X-Postback-Key</code> header with{" "}
              <code>POST /api/ads/postback</code>.
            </>
          }
          values={[
            { term: "Key id", value: created.id, testId: "postback-key-id" },
            { term: "Key", value: created.key, testId: "postback-key-secret", copyLabel: "Copy key" },
          ]}
          onDone={() => setCreated(null)}
        />
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
