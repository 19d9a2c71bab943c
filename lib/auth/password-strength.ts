// How easy a new password is to guess, by zxcvbn (the zxcvbn-ts port, with its common and
// English dictionaries): a password scoring below 3 ("safely unguessable: moderate
// protection from an offline slow-hash scenario", under 10^10 guesses) is refused, with
// zxcvbn's own feedback as the message. The user's email and name, and the product's
// words, count as guessable too (docs/decisions/1422).
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { AppError } from "@/lib/errors";

/** The lowest zxcvbn score (0 to 4) a new password may have. */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this product: a password made of them is guessed early by anyone attacking it. */
const PRODUCT_WORDS = ["sma", "sports", "moment", "moments", "ads", "advertiser", "dashboard"];

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use (about a second and some megabytes of dictionaries): most
 * processes (workers, most CLI commands) never judge a password.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  );
  // a failed load is not kept: the next check tries again
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

/**
 * The words of the user's own data: each input whole, run together ("jane.doe" as "janedoe",
 * "Acme Sportsbook" as "acmesportsbook"), the email's local part, and each word of three
 * letters or more.
 */
function userInputs(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>(PRODUCT_WORDS);
  const add = (value: string) => {
    words.add(value);
    words.add(value.replace(/[^\p{L}\p{N}]+/gu, ""));
    for (const part of value.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  };
  for (const input of inputs) {
    const value = input?.trim().toLowerCase();
    if (!value) continue;
    add(value);
    const at = value.lastIndexOf("@");
    if (at > 0) add(value.slice(0, at));
  }
  words.delete("");
  return [...words];
}

export type PasswordStrength = { score: number; feedback: string | null };

/** zxcvbn's score (0-4), and its feedback in one sentence or two when the score is below the minimum. */
export async function passwordStrength(
  password: string,
  inputs: readonly (string | null | undefined)[],
): Promise<PasswordStrength> {
  const result = (await zxcvbn()).check(password, userInputs(inputs));
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score, feedback: null };
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter((part): part is string => !!part);
  const feedback = parts.length ? parts.join(" ") : "This password is easy to guess. Add another word or two.";
  return { score: result.score, feedback };
}

/**
 * validation_failed on `path` with zxcvbn's feedback when `password` scores below
 * MIN_PASSWORD_SCORE. `inputs`: what the user told us (email, name), which an attacker
 * would try first.
 */
export async function requireStrongPassword(
  password: string,
  inputs: readonly (string | null | undefined)[],
  path = "password",
): Promise<void> {
  const { feedback } = await passwordStrength(password, inputs);
  if (feedback === null) return;
  throw new AppError("validation_failed", {
    detail: `${path}: ${feedback}`,
    fieldErrors: [{ path, message: feedback }],
  });
}
