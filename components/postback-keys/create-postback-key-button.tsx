"use client";
// Creates a postback key (createPostbackKey), named after its partner if the
// admin gives a name (docs/decisions/1240). The key comes back once: shown here
// with a copy button and where partners put it, until "Done" or a navigation
// (docs/decisions/1212); the list refreshes from the server.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { userFieldErrors } from "@/components/form-errors";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { useSubmit } from "@/components/forms/use-submit";
import { ShownOnce } from "@/components/ui/shown-once";
import { FormError } from "@/components/ui/states";

const CREATE = graphql(`
  mutation CreatePostbackKey($input: CreatePostbackKeyInput) {
    createPostbackKey(input: $input) {
      postbackKey {
        id
        restId
        name
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
  const { pending, errors, submit } = useSubmit();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ id: string; name: string | null; key: string } | null>(null);

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      const input = name.trim() ? { name } : {};
      const { createPostbackKey: result } = await gqlFetch(CREATE, { input });
      if (!result?.postbackKey || !result.key) {
        const fieldErrors = userFieldErrors(result?.userErrors ?? []);
        return Object.keys(fieldErrors).length ? fieldErrors : { _form: "The key could not be created." };
      }
      setCreated({ id: result.postbackKey.restId, name: result.postbackKey.name, key: result.key });
      setName("");
      router.refresh();
      return null;
    });
  };

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
            ...(created.name ? [{ term: "Name", value: created.name, testId: "postback-key-created-name" }] : []),
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
      <form onSubmit={create} className="space-y-4" noValidate>
        <Field
          id="postback-key-name"
          label="Name (optional)"
          hint="The partner it is for, e.g. AppsFlyer. You can rename it later."
          error={errors.name}
        >
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
        </Field>
        <FormError>{errors._form}</FormError>
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create postback key"}
        </Button>
      </form>
    </div>
  );
}
