// The OAuth clients of the authorization-code flow (the MCP SDK's
// OAuthRegisteredClientsStore): clients registered dynamically (RFC 7591, a row
// of oauth_clients) and clients whose client_id is the https URL of their
// client ID metadata document, fetched through the outbound guard (public
// addresses only, no redirects, 5 KiB, 5 s) and kept 5 minutes per process
// (docs/decisions/1312).
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import { InvalidClientError, InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { guardedRequest, OutboundBlockedError, OutboundFailedError } from "@/lib/outbound/guarded-request";
import { keyedTtlMemo } from "@/lib/ttl-memo";
import {
  clientMetadataSchema,
  describeIssues,
  isClientIdUrl,
  parseClientMetadataDocument,
  publicClient,
  redirectUriProblem,
} from "./client-metadata";

/** The CIMD draft's advice: a document is small. */
export const CLIENT_DOCUMENT_MAX_BYTES = 5 * 1024;
export const CLIENT_DOCUMENT_TIMEOUT_MS = 5_000;
/** How long a fetched document is used before it is fetched again (per process). */
export const CLIENT_DOCUMENT_CACHE_MS = 5 * 60_000;

/** Fetches a client ID metadata document: its status and body (truncated bodies are refused by the caller). */
export type DocumentFetcher = (url: string) => Promise<{ status: number; body: Buffer; truncated: boolean }>;

/** The guarded fetch: no redirect followed (the document must be at its own URL), 5 KiB, 5 s. */
export const guardedDocumentFetcher: DocumentFetcher = async (url) => {
  const response = await guardedRequest(url, {
    method: "GET",
    headers: { accept: "application/json" },
    maxRedirects: 0,
    maxBodyBytes: CLIENT_DOCUMENT_MAX_BYTES,
    timeoutMs: CLIENT_DOCUMENT_TIMEOUT_MS,
  });
  return { status: response.status, body: response.body, truncated: response.bodyTruncated };
};

/** A client_id the server cannot use, with a reason safe to show (the authorize and token endpoints answer it). */
export class UnknownClientError extends Error {}

async function fetchClientDocument(url: string, fetcher: DocumentFetcher): Promise<OAuthClientInformationFull> {
  let response;
  try {
    response = await fetcher(url);
  } catch (error) {
    if (error instanceof OutboundBlockedError || error instanceof OutboundFailedError) {
      logger().info({ url, reason: error.reason, detail: error.message }, "client metadata document not fetched");
      throw new UnknownClientError(`the client metadata document could not be fetched: ${error.message}`);
    }
    throw error;
  }
  if (response.status !== 200) {
    throw new UnknownClientError(`the client metadata document answered HTTP ${response.status}, not 200`);
  }
  if (response.truncated) {
    throw new UnknownClientError(`the client metadata document is larger than ${CLIENT_DOCUMENT_MAX_BYTES} bytes`);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body.toString("utf8"));
  } catch {
    throw new UnknownClientError("the client metadata document is not JSON");
  }
  try {
    return parseClientMetadataDocument(url, body);
  } catch (error) {
    throw new UnknownClientError((error as Error).message);
  }
}

const documents = keyedTtlMemo<OAuthClientInformationFull>(CLIENT_DOCUMENT_CACHE_MS, 1_000);

export type ClientStoreOptions = { fetchDocument?: DocumentFetcher; clock?: Clock };

/**
 * The client for `clientId`: a registered client, or the client its metadata document
 * describes. Throws UnknownClientError for a client_id that names neither.
 */
export async function resolveClient(
  clientId: string,
  options: ClientStoreOptions = {},
): Promise<OAuthClientInformationFull> {
  if (clientId.startsWith("https://")) {
    if (!isClientIdUrl(clientId)) {
      throw new UnknownClientError(
        "a client_id URL must be https with a path, and no fragment, credentials or dot segments",
      );
    }
    const fetcher = options.fetchDocument ?? guardedDocumentFetcher;
    return documents.get(clientId, () => fetchClientDocument(clientId, fetcher), options.clock);
  }
  if (clientId.length > 64 || clientId.includes("\0")) throw new UnknownClientError("unknown client_id");
  const row = await db().oAuthClient.findUnique({ where: { id: clientId } });
  if (!row) throw new UnknownClientError("unknown client_id");
  const client = JSON.parse(row.metadata) as OAuthClientInformationFull;
  // a client registered under an older rule keeps only the redirect URIs today's rule accepts:
  // the authorize endpoint redirects (errors too) only to a URI the client holds
  return { ...client, redirect_uris: client.redirect_uris.filter((uri) => redirectUriProblem(String(uri)) === null) };
}

/** The SDK's store: getClient for its authorize, token and revocation handlers; registerClient for RFC 7591. */
export function oauthClientsStore(options: ClientStoreOptions = {}): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      try {
        return await resolveClient(clientId, options);
      } catch (error) {
        // the SDK answers invalid_client with this reason (a metadata document's fault names itself)
        if (error instanceof UnknownClientError) throw new InvalidClientError(error.message);
        throw error;
      }
    },
    async registerClient(client) {
      // the SDK parsed the body with its RFC 7591 schema and may have made up a secret for a
      // confidential client: we issue none and answer token_endpoint_auth_method "none" (RFC 7591
      // §3.2.1 lets the server replace a requested value), then apply our own rules
      const {
        client_secret: _secret,
        client_secret_expires_at: _expires,
        token_endpoint_auth_method: _method,
        ...requested
      } = client;
      const parsed = clientMetadataSchema.safeParse(requested);
      if (!parsed.success) throw new InvalidClientMetadataError(describeIssues(parsed.error));
      const now = nowDate(options.clock);
      const registered = publicClient(newId("oac"), parsed.data, Math.floor(now.getTime() / 1000));
      await db().oAuthClient.create({
        data: { id: registered.client_id, metadata: JSON.stringify(registered), createdAt: now },
      });
      return registered;
    },
  };
}
