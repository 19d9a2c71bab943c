// API clients (OAuth client credentials) as the advertiser manages them: the
// dashboard creates one with chosen scopes (the secret is shown once), lists
// them and revokes them. Minting credentials is account administration: only
// the dashboard session may do it (docs/decisions/1106).
import { z } from "zod";
import { SCOPES } from "@/lib/auth/scopes";

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
export type CreateApiClientInput = z.input<typeof createApiClientInput>;

export type ApiClientView = {
  id: string;
  name: string;
  scopes: (typeof SCOPES)[number][];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

export type CreatedApiClientView = { client: ApiClientView; client_secret: string; warning: string };

export const CLIENT_SECRET_WARNING =
  "Store this secret now: it is shown only once and cannot be retrieved again. Exchange client_id and client_secret " +
  "for an access token at POST /api/auth/token.";
