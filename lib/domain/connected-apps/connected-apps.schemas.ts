// The inputs of the connected-app operations (snake_case, as every operation's input).
import { z } from "zod";
import type { Scope } from "@/lib/auth/scopes";

export const listConnectedAppsInput = z.object({}).strict();

export const revokeConnectedAppInput = z
  .object({ id: z.string().min(1).max(64).meta({ description: "The connected app's id (ogr_…)." }) })
  .strict();
export type RevokeConnectedAppInput = z.infer<typeof revokeConnectedAppInput>;

/** A connected app as the domain answers it. */
export type ConnectedApp = {
  id: string;
  name: string;
  /** the client_id: a registered client's id, or its metadata document's https URL */
  clientId: string;
  /** the host the application's identity is bound to (its client_id URL's), or null for a registered client */
  clientHost: string | null;
  uri: string | null;
  scopes: Scope[];
  approvedBy: { email: string; name: string };
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};
