"use client";
// Creates an API client with the chosen scopes (createApiClient). Its secret
// comes back once: shown here with a copy button, with the client_id beside it.
// The form is react-hook-form over the API's schema (api-key-form.ts); a failed
// submit focuses the error summary.
import { useState } from "react";
import { graphql } from "@/graphql/__generated__/client";
import { API_CLIENT_NAME_MAX } from "@/lib/domain/api-clients/api-clients.schemas";
import { useCreateForm } from "@/components/forms/use-create-form";
import { gqlFetch } from "@/components/graphql-client";
import { Field, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ShownOnce } from "@/components/ui/shown-once";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  API_KEY_DEFAULTS,
  API_KEY_FIELDS,
  SCOPE_OPTIONS,
  apiKeyFormSchema,
  apiKeyInput,
  type ApiKeyInput,
  type ApiKeyValues,
} from "./api-key-form";

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
        ...UserErrorFields
      }
    }
  }
`);

export function CreateApiKeyForm() {
  const { form, errors, onSubmit } = useCreateForm<ApiKeyValues, ApiKeyInput>(
    apiKeyFormSchema,
    API_KEY_DEFAULTS,
    API_KEY_FIELDS,
  );
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string } | null>(null);

  const submit = onSubmit(async (checked) => {
    const { createApiClient: result } = await gqlFetch(CREATE, { input: apiKeyInput(checked) });
    if (!result?.apiClient || !result.clientSecret) {
      if (!errors.showUserErrors(result?.userErrors)) errors.showFormError("The key was not created. Try again.");
      return false;
    }
    setCreated({ name: result.apiClient.name, clientId: result.apiClient.restId, secret: result.clientSecret });
    return true;
  });

  return (
    <div className="space-y-4">
      {created ? (
        <ShownOnce
          title={`API key “${created.name}” created`}
          note={
            <>
              The secret is shown this once only. Exchange it with the client id at <code>POST /api/auth/token</code>.
            </>
          }
          values={[
            { term: "Client id", value: created.clientId, testId: "api-key-client-id" },
            { term: "Client secret", value: created.secret, testId: "api-key-secret", copyLabel: "Copy secret" },
          ]}
          onDone={() => setCreated(null)}
        />
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create an API key">
        {errors.summary}
        <Field
          id="api-key-name"
          label="Name"
          hint="Where it is used, for example “CI reporting”."
          error={errors.errorOf("name")}
        >
          <Input {...form.register("name")} maxLength={API_CLIENT_NAME_MAX} autoComplete="off" />
        </Field>
        <FieldSet id="api-key-scopes" legend="Scopes" error={errors.errorOf("scopes")}>
          {SCOPE_OPTIONS.map((option) => (
            <label key={option.value} className="flex items-start gap-2 text-sm text-ink">
              <input type="checkbox" value={option.name} className="mt-0.5 size-4" {...form.register("scopes")} />
              <span className="min-w-0">
                <code>{option.name}</code> <span className="text-muted">{option.description}</span>
              </span>
            </label>
          ))}
        </FieldSet>
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Creating…">
          Create API key
        </SubmitButton>
      </form>
    </div>
  );
}
