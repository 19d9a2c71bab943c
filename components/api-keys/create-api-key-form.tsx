"use client";
// Creates an API client with the chosen scopes (createApiClient). Its secret
// comes back once: shown here with a copy button, with the client_id beside it.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { API_CLIENT_NAME_MAX } from "@/lib/domain/api-clients/api-clients.schemas";
import { userFieldErrors } from "@/components/form-errors";
import { gqlFetch } from "@/components/graphql-client";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormError } from "@/components/ui/states";
import { SCOPE_OPTIONS, apiKeyErrors, apiKeyInput } from "./api-key-form";

const CREATE = graphql(`
  mutation CreateApiClient($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      apiClient {
        id
        restId
        name
      }
      clientSecret
      warning
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export function CreateApiKeyForm() {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = apiKeyInput({
      name: String(form.get("name") ?? ""),
      scopes: form.getAll("scopes").map(String),
    });
    const invalid = apiKeyErrors(input);
    if (Object.keys(invalid).length) {
      setErrors(invalid);
      return;
    }
    setPending(true);
    try {
      const { createApiClient: result } = await gqlFetch(CREATE, { input });
      if (!result?.apiClient || !result.clientSecret) {
        setErrors(userFieldErrors(result?.userErrors ?? []));
        return;
      }
      setErrors({});
      setCreated({ name: result.apiClient.name, clientId: result.apiClient.restId, secret: result.clientSecret });
      formElement.reset();
      router.refresh();
    } catch (error) {
      setErrors({ _form: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      {created ? (
        <div role="status" className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="font-semibold text-emerald-900">API key “{created.name}” created</p>
          <p className="text-emerald-900">
            The secret is shown this once only. Exchange it with the client id at <code>POST /api/auth/token</code>.
          </p>
          <dl className="grid gap-1 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="font-medium text-emerald-900">Client id</dt>
            <dd>
              <code data-testid="api-key-client-id" className="font-mono text-xs break-all">
                {created.clientId}
              </code>
            </dd>
            <dt className="font-medium text-emerald-900">Client secret</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code data-testid="api-key-secret" className="rounded bg-white px-2 py-1 font-mono text-xs break-all">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label="Copy secret" />
            </dd>
          </dl>
          <Button variant="ghost" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create an API key">
        <Field id="api-key-name" label="Name" hint="Where it is used, for example “CI reporting”." error={errors.name}>
          <Input name="name" required maxLength={API_CLIENT_NAME_MAX} autoComplete="off" />
        </Field>
        <FieldSet id="api-key-scopes" legend="Scopes" error={errors.scopes}>
          {SCOPE_OPTIONS.map((option) => (
            <label key={option.value} className="flex items-start gap-2 text-sm text-ink">
              <input type="checkbox" name="scopes" value={option.value} className="mt-0.5 size-4" />
              <span>
                <code>{option.name}</code> <span className="text-muted">{option.description}</span>
              </span>
            </label>
          ))}
        </FieldSet>
        <FormError>{errors._form}</FormError>
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create API key"}
        </Button>
      </form>
    </div>
  );
}
