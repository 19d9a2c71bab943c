"use server";
// Sign-up (the signUp operation, lib/domain/advertisers/sign-up.ts): the browser
// signs in afterwards with the same credentials through next-auth. A password
// that is easy to guess comes back as the password field's error, in zxcvbn's
// words (docs/decisions/1422); a refused rate limit as the form's error with the
// wait (docs/decisions/1415).
import { capitalize } from "@/components/form-errors";
import { signUp as signUpOperation } from "@/lib/domain/advertisers/sign-up";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";
import { logger } from "@/lib/log";

export type SignUpState = {
  ok: boolean;
  fieldErrors: Partial<Record<"name" | "userName" | "email" | "password", string>>;
  formError?: string;
};

/** the operation's field names -> the form's */
const FIELDS: Record<string, keyof SignUpState["fieldErrors"]> = {
  name: "name",
  user_name: "userName",
  email: "email",
  password: "password",
};

/** A refusal: before anything is written, with the wait in whole minutes (the windows are an hour). */
function rateLimited(reason: string, retryAfterSec: number): SignUpState {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return {
    ok: false,
    fieldErrors: {},
    formError: `${reason} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

export async function signUp(input: {
  name: string;
  userName: string;
  email: string;
  password: string;
}): Promise<SignUpState> {
  try {
    // anyone can call a server action with anything: a missing field is the schema's error, not a crash;
    // the person's name is asked by the form, so here it is required (the operator's CLI may leave it out)
    await runAction(signUpOperation, {
      name: input?.name,
      user_name: input?.userName ?? "",
      email: input?.email,
      password: input?.password,
    });
    return { ok: true, fieldErrors: {} };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "rate_limited") {
      const retryAfterSec = Number(appError.headers?.["Retry-After"] ?? 60);
      return appError.policy === "sign_up_all"
        ? rateLimited("Sign-up is busy: too many accounts were requested in the last hour.", retryAfterSec)
        : rateLimited("Too many sign-up attempts from your network.", retryAfterSec);
    }
    if (appError.code === "internal_error") {
      logger().error({ err: error }, "sign-up failed");
      return { ok: false, fieldErrors: {}, formError: "Something went wrong. Try again." };
    }
    const fieldErrors: SignUpState["fieldErrors"] = {};
    for (const entry of appError.fieldErrors ?? []) {
      const head = String(entry.path).split(".")[0]!;
      const key = Object.hasOwn(FIELDS, head) ? FIELDS[head] : undefined;
      if (key) {
        fieldErrors[key] ??=
          entry.path === "email" && appError.code === "conflict"
            ? "An account with this email already exists. Sign in instead."
            : capitalize(entry.message);
      }
    }
    return { ok: false, fieldErrors, formError: Object.keys(fieldErrors).length ? undefined : appError.detail };
  }
}
