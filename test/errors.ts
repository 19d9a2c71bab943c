// Expecting a domain error from a call, then looking at it.
import { expect } from "vitest";
import { AppError } from "@/lib/errors";

/** The AppError `promise` rejects with; the test fails if it resolves or rejects with anything else. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
