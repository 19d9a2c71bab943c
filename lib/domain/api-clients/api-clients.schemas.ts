// API clients (OAuth client credentials) as the advertiser manages them: the
// dashboard creates one with chosen scopes (the secret is shown once), lists
// them and revokes them. Minting credentials is account administration: only
// the dashboard session may do it (docs/decisions/1106).
import { z } from "zod";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { connectionInput } from "@/lib/domain/pagination";

export const API_CLIENT_NAME_MAX = 100;

export const createApiClientInput = z
  .strictObject({
    name: z
      .string()
      .refine((value) => value.trim().length > 0, "must not be blank")
      .refine((value) => value.length <= API_CLIENT_NAME_MAX, `must be at most ${API_CLIENT_NAME_MAX} characters`),
    scopes: z
      .array(z.enum(SCOPES))
      .min(1, "must contain at least one scope")
      .refine((values) => new Set(values).size === values.length, "must not repeat a scope"),
  })
  .meta({ id: "CreateApiClientInput" });
export type CreateApiClientInput = z.output<typeof createApiClientInput>;

/** The client to revoke, by its id (cli_…, the client_id of POST /api/auth/token). */
export const revokeApiClientInput = z.strictObject({ id: z.string() });

/** A page of the advertiser's clients, newest first; revoked ones only with include_revoked. */
export const listApiClientsInput = connectionInput({ include_revoked: z.boolean().nullish() });
export type ListApiClientsInput = z.output<typeof listApiClientsInput>;

/** An API client. Never its secret: only the secret's hash is kept. */
export type ApiClient = {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A new client with its secret, which is shown this once. */
export type CreatedApiClient = { apiClient: ApiClient; clientSecret: string; warning: string };

export const CLIENT_SECRET_WARNING =
  "Store this secret now: it is shown only once and cannot be retrieved again. Exchange client_id and client_secret " +
  "for an access token at POST /api/auth/token.";
