"use server";
// The consent page's answer (docs/decisions/1312): the signed-in user approves or
// denies an application's authorization request, and the browser goes back to
// the application with a code, or with access_denied (state and iss either way).
// Server actions carry Next's own CSRF check (the Origin must be this site's);
// the request is answered once, by a signed-in user, before it expires.
import { redirect } from "next/navigation";
import { answerAuthorization } from "@/lib/domain/connected-apps/decide-authorization";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";
import { consentPathOf } from "./consent-path";

async function answer(id: string, approve: boolean): Promise<void> {
  let redirectTo: string;
  try {
    ({ redirectTo } = await runAction(answerAuthorization, { id, approve }));
  } catch (error) {
    // signed out meanwhile: sign in and come back; answered already, expired or unknown: the page says so
    if (toAppError(error).code === "unauthorized")
      redirect(`/signin?callbackUrl=${encodeURIComponent(consentPathOf(id))}`);
    redirect(consentPathOf(id));
  }
  redirect(redirectTo);
}

export async function approveAuthorization(id: string): Promise<void> {
  await answer(id, true);
}

export async function denyAuthorization(id: string): Promise<void> {
  await answer(id, false);
}
