// A commit the store could not begin (StoreBusyError: SQLite's file locked by another
// process, or an interactive transaction open on the connection) is tried again
// shortly, until it has been busy for `busyTimeoutMs`; then the decision fails with
// 503. The store guarantees nothing of the commit ran when it says busy.
import { AppError } from "@/lib/errors";
import { StoreBusyError } from "../store/delivery-store";

export type BusyRetry = {
  clock: () => number;
  /** give up on a busy database after this long (default 5 s) */
  busyTimeoutMs?: number;
};

const RETRY_AFTER_MS = 2;

export async function whenNotBusy<T>(commit: () => Promise<T>, { clock, busyTimeoutMs = 5000 }: BusyRetry): Promise<T> {
  const since = clock();
  for (;;) {
    try {
      return await commit();
    } catch (error) {
      if (!(error instanceof StoreBusyError)) throw error;
      if (clock() - since >= busyTimeoutMs)
        throw new AppError("unavailable", { detail: "The database is busy; try again.", cause: error });
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    }
  }
}
