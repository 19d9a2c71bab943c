// "Forgot password" (docs/decisions/1220): a single-use link valid one hour, sent
// to the account's email. The answer is the same whether or not the email has an
// account, and it comes before the email is sent (the send runs after the answer,
// so its time tells nothing either). Requests count per address (the operation's
// limit); an account gets at most 3 emails an hour, past which a request answers
// the same and sends nothing. Without email configured nothing is sent; the page
// says so before anyone asks.
import { hashSecret, newSecret } from "@/lib/auth/secrets";
import { MINUTE_MS, nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { passwordResetEmail } from "@/lib/email/messages";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { defineOperation } from "@/lib/operations/operation";
import { consumeRateLimit } from "@/lib/rate-limit/limiter";
import { PASSWORD_RESET_TTL_MINUTES, requestPasswordResetInput } from "./users.schemas";

/** The page a reset link opens. */
export function passwordResetUrl(token: string): string {
  return `${env().PUBLIC_BASE_URL}/reset-password#${token}`;
}

/** The sends started by requests and not yet finished (tests wait for them; nothing else reads this). */
const sending = new Set<Promise<void>>();

/** Resolves when every reset email started so far was sent or failed. */
export async function passwordResetEmailsSettled(): Promise<void> {
  await Promise.allSettled([...sending]);
}

export const requestPasswordReset = defineOperation({
  name: "requestPasswordReset",
  access: "public",
  write: true,
  history: { none: "a user's own credential, not the advertiser's configuration (and never a secret's value)" },
  rateLimit: "password_reset_ip",
  input: requestPasswordResetInput,
  run: async (_actor, input, { clock, log }): Promise<{ requestedAt: Date }> => {
    const now = nowDate(clock);
    const answer = { requestedAt: now };
    if (!emailConfigured()) return answer;
    const user = await db().user.findUnique({ where: { email: input.email }, select: { id: true, email: true } });
    if (!user) return answer;
    if (!(await consumeRateLimit("password_reset_account", user.email)).allowed) return answer;
    const token = newSecret("sma_reset");
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE_MS);
    await db().passwordReset.create({
      data: { id: newId("pwr"), userId: user.id, tokenHash: hashSecret(token), createdAt: now, expiresAt },
    });
    const send = sendEmail(passwordResetEmail({ to: user.email, url: passwordResetUrl(token), expiresAt }))
      .catch((error: unknown) => log.warn({ err: error, userId: user.id }, "password reset email not sent"))
      .finally(() => sending.delete(send));
    sending.add(send);
    return answer;
  },
});
