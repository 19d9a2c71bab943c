// The signed-in user's own details (docs/decisions/1220): their name, and the
// time zone the dashboard shows their days and times in (budgets stay UTC days).
// Any member: it is the person's, not the advertiser's.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { requireSessionUser } from "./require-session-user";
import { updateAccountInput } from "./users.schemas";

export type Account = { userId: string; email: string; name: string; timeZone: string };

export const updateAccount = defineOperation({
  name: "updateAccount",
  access: "session",
  role: "viewer",
  write: true,
  history: { none: "the user's own name and time zone, not the advertiser's configuration" },
  input: updateAccountInput,
  run: async (actor, input): Promise<Account> => {
    const userId = requireSessionUser(actor, "Changing your account");
    const { count } = await db().user.updateMany({
      where: { id: userId },
      data: {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
      },
    });
    if (count === 0) throw new AppError("unauthorized", { detail: "The session's user no longer exists." });
    const user = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, name: true, timeZone: true },
    });
    return { userId: user.id, email: user.email, name: user.name, timeZone: user.timeZone };
  },
});
