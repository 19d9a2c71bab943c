"use server";
// The members page's two-factor requirement (setTwoFactorRequirement, admins):
// every member must sign in with two factors; one who has none is sent to set it
// up before anything else (docs/decisions/1431).
import { revalidatePath } from "next/cache";
import { setTwoFactorRequirement } from "@/lib/domain/two-factor/two-factor";
import { runAction } from "@/lib/http/server-action";

export async function requireTwoFactor(required: boolean): Promise<void> {
  await runAction(setTwoFactorRequirement, { required });
  revalidatePath("/members");
}
