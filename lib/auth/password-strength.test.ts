// New passwords are judged by zxcvbn (common and English dictionaries): below a
// score of 3 they are refused with zxcvbn's feedback; the user's own email and
// name count as guessable words.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { MIN_PASSWORD_SCORE, passwordStrength, requireStrongPassword } from "./password-strength";

const inputs = ["jane.doe@acme-sportsbook.test", "Acme Sportsbook"];

describe("password strength", () => {
  it("refuses common passwords with zxcvbn's feedback", async () => {
    const common = await passwordStrength("password123", inputs);
    expect(common.score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(common.feedback).toBe("This is a commonly used password. Add more words that are less common.");
    for (const weak of ["qwertyuiop", "1234567890", "aaaaaaaaaaaa", "iloveyou12", "sunshine2024"]) {
      expect((await passwordStrength(weak, inputs)).feedback, weak).toEqual(expect.any(String));
    }
  });

  it("counts the user's email and name as guessable", async () => {
    expect((await passwordStrength("janedoe2024", [])).score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect((await passwordStrength("janedoe2024", inputs)).score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect((await passwordStrength("acmesportsbook", [])).score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect((await passwordStrength("acmesportsbook", inputs)).score).toBeLessThan(MIN_PASSWORD_SCORE);
  });

  it("accepts passphrases and random strings", async () => {
    for (const strong of ["correct horse battery", "Vq8#zL2p!wR9", "a new pass phrase 42"]) {
      expect(await passwordStrength(strong, inputs), strong).toMatchObject({ feedback: null });
      await expect(requireStrongPassword(strong, inputs)).resolves.toBeUndefined();
    }
  });

  it("throws validation_failed on the field it names, with the feedback as the message", async () => {
    const caught: unknown = await requireStrongPassword("password123", inputs, "new_password").catch(
      (error: unknown) => error,
    );
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe("validation_failed");
    expect((caught as AppError).fieldErrors).toEqual([
      { path: "new_password", message: "This is a commonly used password. Add more words that are less common." },
    ]);
  });
});
