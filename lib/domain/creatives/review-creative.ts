// The automatic creative review (docs/api.md): length limits, an HTTPS icon, and a
// responsible-gambling policy that refuses promises of risk-free or guaranteed
// outcomes. Pure: it runs before the creating request returns, and its reason
// is stored with the creative and shown to the advertiser (docs/decisions/0302).
import { BODY_MAX, CTA_MAX, characterCount, HEADLINE_MAX, isHttpsOrAllowListed } from "./creatives.schemas";

export type ReviewResult = { status: "approved" | "rejected"; reason: string | null };

export type ReviewedFields = { headline: string; body: string; cta_text?: string | null; icon_url: string };

/**
 * Claims that responsible-gambling codes (and several US state regulators)
 * forbid in wagering ads, as normalized word sequences (see normalize()).
 */
export const PROHIBITED_CLAIMS: readonly { phrase: string; label: string }[] = [
  ...["risk free", "riskfree", "no risk", "zero risk", "without risk", "risk less", "riskless"].map((phrase) => ({
    phrase,
    label: "risk-free",
  })),
  ...[
    "guaranteed win",
    "guaranteed wins",
    "guaranteed winner",
    "guaranteed winners",
    "guaranteed winnings",
    "guaranteed to win",
    "guaranteed profit",
    "guaranteed profits",
    "guaranteed money",
    "guaranteed payout",
    "guaranteed returns",
    "win guaranteed",
    "100% win",
    "100% guaranteed",
  ].map((phrase) => ({ phrase, label: "guaranteed win" })),
  ...[
    "cant lose",
    "cannot lose",
    "can not lose",
    "never lose",
    "wont lose",
    "sure thing",
    "sure win",
    "sure bet",
    "lock of the day",
  ].map((phrase) => ({ phrase, label: "can't lose" })),
  ...["free money", "easy money", "get rich"].map((phrase) => ({ phrase, label: "free money" })),
];

/** Lowercase word sequence: compatibility forms folded, apostrophes dropped, punctuation as spaces ("Risk-Free!" -> "risk free"). */
export function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc`]/g, "")
    .replace(/[^\p{L}\p{N}%]+/gu, " ")
    .trim();
}

const NORMALIZED_CLAIMS = PROHIBITED_CLAIMS.map((claim) => ({ ...claim, words: ` ${normalize(claim.phrase)} ` }));

function findClaim(text: string): string | null {
  const words = ` ${normalize(text)} `;
  return NORMALIZED_CLAIMS.find((claim) => words.includes(claim.words))?.label ?? null;
}

export function reviewCreative(creative: ReviewedFields): ReviewResult {
  const limits: [string, string | null | undefined, number][] = [
    ["headline", creative.headline, HEADLINE_MAX],
    ["body", creative.body, BODY_MAX],
    ["cta_text", creative.cta_text, CTA_MAX],
  ];
  for (const [field, value, max] of limits) {
    if (value != null && characterCount(value) > max)
      return { status: "rejected", reason: `${field} is longer than ${max} characters` };
  }
  let icon: URL | null = null;
  try {
    icon = new URL(creative.icon_url);
  } catch {
    icon = null;
  }
  if (!icon || !isHttpsOrAllowListed(icon)) return { status: "rejected", reason: "icon_url is not an HTTPS URL" };
  for (const [field, value] of [
    ["headline", creative.headline],
    ["body", creative.body],
    ["cta_text", creative.cta_text],
  ] as const) {
    if (!value) continue;
    const claim = findClaim(value);
    if (claim) {
      return {
        status: "rejected",
        reason: `responsible-gambling policy: ${field} makes a "${claim}" claim; wagering ads may not promise risk-free or guaranteed outcomes`,
      };
    }
  }
  return { status: "approved", reason: null };
}
