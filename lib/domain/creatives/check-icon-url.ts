// The icon check of E5 and E8: a HEAD request through the outbound guard (HTTPS
// only, every hop's address vetted before connecting, a few redirects, a short
// timeout). Anything that is not a publicly reachable HTTPS URL answering 2xx is
// 422 icon_unreachable.
import { AppError } from "@/lib/errors";
import { guardedRequest, OutboundBlockedError, OutboundFailedError } from "@/lib/outbound/guarded-request";

export const ICON_CHECK_TIMEOUT_MS = 4000;
export const ICON_CHECK_MAX_REDIRECTS = 3;

export type IconCheckOptions = { timeoutMs?: number; allowHosts?: readonly string[] };

const BLOCKED: Record<OutboundBlockedError["reason"], string> = {
  invalid_url: "is not a valid URL",
  scheme: "must be an https URL",
  credentials: "must not contain credentials",
  dns: "has a host name that does not resolve",
  private_address: "points to a non-public address (loopback, private, link-local or metadata)",
};

function unreachable(path: string, message: string): AppError {
  return new AppError("icon_unreachable", { detail: `${path} ${message}.`, fieldErrors: [{ path, message }] });
}

/** Throws icon_unreachable (with `path` as the field) unless a HEAD request to `url` answers 2xx. */
export async function assertIconReachable(url: string, path: string, options: IconCheckOptions = {}): Promise<void> {
  let status: number;
  try {
    const response = await guardedRequest(url, {
      method: "HEAD",
      timeoutMs: options.timeoutMs ?? ICON_CHECK_TIMEOUT_MS,
      maxRedirects: ICON_CHECK_MAX_REDIRECTS,
      maxBodyBytes: 1024,
      allowHosts: options.allowHosts,
    });
    status = response.status;
  } catch (error) {
    if (error instanceof OutboundBlockedError) throw unreachable(path, BLOCKED[error.reason]);
    if (error instanceof OutboundFailedError) {
      const why =
        error.reason === "timeout"
          ? `did not answer within ${options.timeoutMs ?? ICON_CHECK_TIMEOUT_MS} ms`
          : error.reason === "too_many_redirects"
            ? `redirected more than ${ICON_CHECK_MAX_REDIRECTS} times`
            : `could not be fetched (${error.message})`;
      throw unreachable(path, why);
    }
    throw error;
  }
  if (status < 200 || status > 299) throw unreachable(path, `answered HTTP ${status} to a HEAD request`);
}
