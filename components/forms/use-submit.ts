"use client";
// The state of a plain (non react-hook-form) dashboard form: its field errors
// (keyed as userFieldErrors keys them, "_form" for the whole form's) and whether
// it is being sent. `submit` runs the work; the work answers the errors the server
// gave, or null once it succeeded (the errors clear); anything it throws (the
// server could not be reached, a GraphQL error) becomes the whole form's error.
import { useState } from "react";

export type FormErrors = Record<string, string>;

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useSubmit() {
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  async function submit(work: () => Promise<FormErrors | null>): Promise<void> {
    setPending(true);
    try {
      setErrors((await work()) ?? {});
    } catch (error) {
      setErrors({ _form: messageOf(error) });
    } finally {
      setPending(false);
    }
  }
  return { errors, setErrors, pending, submit };
}

/**
 * The state of a button's action (no form): whether it runs and its error. The
 * work answers its error in words, or null once it succeeded; a throw is its error too.
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function act(work: () => Promise<string | null>): Promise<void> {
    setPending(true);
    setError(null);
    try {
      setError(await work());
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setPending(false);
    }
  }
  return { pending, error, setError, act };
}
