// updateCampaign's If-Match (docs/decisions/1314): the campaign's updated_at as a strong entity tag, read
// into the operation's input as if_updated_at (never taken from the body). Anything but one such tag is
// 400 bad_request, so a mistyped precondition never turns into an unconditional write.
import { AppError, validationError } from "@/lib/errors";
import type { RestRequest } from "./rest-surface";

const TAG = /^"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"$/;

/** The updated_at an If-Match header names, or undefined without the header. */
export function ifMatchUpdatedAt(request: Request): string | undefined {
  const header = request.headers.get("if-match");
  if (header === null) return undefined;
  const match = TAG.exec(header.trim());
  if (!match || Number.isNaN(Date.parse(match[1]!)))
    throw new AppError("bad_request", {
      detail:
        'If-Match must be one entity tag holding the campaign\'s updated_at as read, e.g. "2026-12-01T10:00:00.000Z" ' +
        "(with the quotes; no W/, no list, no *).",
    });
  return match[1];
}

/** The JSON body with the path's parameters and If-Match's updated_at (updateCampaign's REST input). */
export async function bodyWithIfMatch({ request, body, params }: RestRequest): Promise<unknown> {
  const ifUpdatedAt = ifMatchUpdatedAt(request);
  const raw = await body();
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const taken = [...Object.keys(params), "if_updated_at"].filter((name) => Object.hasOwn(raw, name));
  if (taken.length)
    throw validationError(
      taken.map((name) => ({
        path: name,
        message:
          name === "if_updated_at"
            ? "Unrecognized key: send the If-Match header"
            : "Unrecognized key: the path gives it",
      })),
    );
  return { ...raw, ...params, ...(ifUpdatedAt !== undefined ? { if_updated_at: ifUpdatedAt } : {}) };
}
