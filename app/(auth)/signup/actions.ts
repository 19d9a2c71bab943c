"use server";
// Sign-up: the advertiser and its first user, through the operator's use case
// (npm run admin -- create-advertiser) without its default API client (the user
// would never see its secret; keys are made on the API keys page). The browser
// signs in afterwards with the same credentials through next-auth.
import { capitalize } from "@/components/form-errors";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { toAppError } from "@/lib/errors";
import { logger } from "@/lib/log";

export type SignUpState = {
  ok: boolean;
  fieldErrors: Partial<Record<"name" | "email" | "password", string>>;
  formError?: string;
};

const FIELDS = new Set(["name", "email", "password"]);

export async function signUp(input: { name: string; email: string; password: string }): Promise<SignUpState> {
  try {
    await createAdvertiser(
      { name: input.name, email: input.email, password: input.password },
      { defaultClient: false },
    );
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
