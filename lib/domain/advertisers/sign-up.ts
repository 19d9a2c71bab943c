// Sign-up from the dashboard: the advertiser and its first user, through the
// operator's use case (createAdvertiser) without its default API client (the
// user would never see its secret; keys are made on the API keys page). An
// invalid input is refused before anything counts; every valid attempt counts
// against the client address (sign_up_ip) and then against all addresses
// together (sign_up_all, docs/decisions/1415, 1430): accounts cannot be made,
// nor emails probed, at any speed, from one address or from many, and empty or
// malformed attempts cannot use up everyone's hour.
import { defineOperation } from "@/lib/operations/operation";
import { createAdvertiserInput } from "./advertisers.schemas";
import { createAdvertiser } from "./create-advertiser";
import { env } from "@/lib/env";
import { usdToMicros } from "@/lib/money";

export const signUp = defineOperation({
  name: "signUp",
  access: "public",
  write: true,
  rateLimit: ["sign_up_ip", "sign_up_all"],
  limitValidInputOnly: true,
  // no API client is made here (createAdvertiser's default key is the operator's, recorded there)
  history: { none: "opens an account: its history starts with the first change made in it" },
  input: createAdvertiserInput,
  run: (_actor, input) =>
    createAdvertiser(input, { defaultClient: false, creditLimitMicros: usdToMicros(env().SIGNUP_CREDIT_LIMIT_USD) }),
});
