"use server";
// Sign-up: the advertiser and its first user, through the operator's use case
// (npm run admin -- create-advertiser) without its default API client (the user
// would never see its secret; keys are made on the API keys page). The browser
// signs in afterwards with the same credentials through next-auth. A password that
// is easy to guess comes back as the password field's error, in zxcvbn's words
// (createAdvertiser checks it, docs/decisions/1422). Every attempt counts against
// the client address (sign_up_ip) and then against all addresses together
// (sign_up_all, docs/decisions/1415), so accounts cannot be made, nor emails
// probed, at any speed, from one address or from many.
import { headers } from "next/headers";
import { capitalize } from "@/components/form-errors";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { toAppError } from "@/lib/errors";
import { clientIpOf } from "@/lib/http/client-ip";
import { refuseNul } from "@/lib/http/nul";
import { logger } from "@/lib/log";
import { consumeRateLimit } from "@/lib/rate-limit";

export type SignUpState = {
  ok: boolean;
  fieldErrors: Partial<Record<"name" | "email" | "password", string>>;
  formError?: string;
};

const FIELDS = new Set(["name", "email", "password"]);

/** A refusal: before anything is written, with the wait in whole minutes (the windows are an hour). */
function rateLimited(reason: string, retryAfterSec: number): SignUpState {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return {
    ok: false,
    fieldErrors: {},
    formError: `${reason} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

export async function signUp(input: { name: string; email: string; password: string }): Promise<SignUpState> {
  try {
    // counted before the input is read: a refused or invalid attempt costs as much as a good one
    const limit = await consumeRateLimit("sign_up_ip", clientIpOf(await headers()));
    if (!limit.allowed) return rateLimited("Too many sign-up attempts from your network.", limit.retryAfterSec);
    // only attempts their address was allowed reach the global count: one address spends at most its own budget of it
    const all = await consumeRateLimit("sign_up_all", "all");
    if (!all.allowed)
      return rateLimited("Sign-up is busy: too many accounts were requested in the last hour.", all.retryAfterSec);
    // anyone can call a server action with anything: a missing field is the schema's error, not a crash
    const fields = { name: input?.name, email: input?.email, password: input?.password };
    // a NUL is a field error here too, on both databases (lib/http/nul.ts)
    refuseNul(fields);
    await createAdvertiser(fields, { defaultClient: false });
    return { ok: true, fieldErrors: {} };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "internal_error") {
      logger().error({ err: error }, "sign-up failed");
      return { ok: false, fieldErrors: {}, formError: "Something went wrong. Try again." };
    }
    const fieldErrors: SignUpState["fieldErrors"] = {};
    for (const entry of appError.fieldErrors ?? []) {
      const field = String(entry.path).split(".")[0]!;
      if (FIELDS.has(field)) {
        const key = field as keyof SignUpState["fieldErrors"];
        fieldErrors[key] ??=
          entry.path === "email" && appError.code === "conflict"
            ? "An account with this email already exists. Sign in instead."
            : capitalize(entry.message);
      }
    }
    return { ok: false, fieldErrors, formError: Object.keys(fieldErrors).length ? undefined : appError.detail };
  }
}
