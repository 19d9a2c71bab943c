// Creative input and output schemas: reused by createCampaign (the `creative` object), addCreativeVariant,
// GraphQL, the dashboard forms and the OpenAPI document.
import { z } from "zod";
import { env } from "@/lib/env";

export const HEADLINE_MAX = 60;
export const BODY_MAX = 120;
export const CTA_MAX = 20;
export const URL_MAX = 2048;

/** Characters are Unicode code points (JSON Schema's maxLength counts the same way), so an emoji is one. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

// C0 controls and DEL; a body may contain line breaks
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;

/** Non-blank text of at most `max` characters, without control characters. */
export function creativeText(max: number, options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? CONTROL : CONTROL_OR_NEWLINE;
  return z
    .string()
    .refine((value) => value.trim().length > 0, "must not be blank")
    .refine((value) => characterCount(value) <= max, `must be at most ${max} characters`)
    .refine(
      (value) => !forbidden.test(value),
      options.multiline ? "must not contain control characters" : "must not contain control characters or line breaks",
    )
    .meta({ minLength: 1, maxLength: max });
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function hostPort(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
}

/** https, or plain http to a host:port pair in OUTBOUND_ALLOW_HOSTS (development and tests only, docs/api.md). */
export function isHttpsOrAllowListed(url: URL): boolean {
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && env().OUTBOUND_ALLOW_HOSTS.includes(hostPort(url));
}

/** Any absolute URL (the icon check decides whether it is a reachable HTTPS URL). */
export const absoluteUrl = z
  .string()
  .max(URL_MAX)
  .refine((value) => parseUrl(value) !== null, "must be an absolute URL")
  .meta({ format: "uri" });

// Schemes that must never be the target of an ad's click redirect.
const UNSAFE_ACTION_SCHEMES = new Set([
  "http:",
  "javascript:",
  "data:",
  "file:",
  "vbscript:",
  "blob:",
  "about:",
  "ftp:",
  "ws:",
  "wss:",
]);

/**
 * Where a click lands: an https URL or an app deep link (custom scheme). Plain
 * http is refused because the click id, a credential for postbacks, is appended
 * to it (docs/decisions/0301).
 */
export const actionUrl = z
  .string()
  .max(URL_MAX)
  .superRefine((value, ctx) => {
    const url = parseUrl(value);
    if (!url) ctx.addIssue({ code: "custom", message: "must be an absolute URL" });
    else if (UNSAFE_ACTION_SCHEMES.has(url.protocol) && !isHttpsOrAllowListed(url)) {
      ctx.addIssue({ code: "custom", message: `must be an https URL or an app deep link, not ${url.protocol}` });
    } else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain credentials" });
  })
  .meta({
    format: "uri",
    description:
      "Where a click lands: an https URL or an app deep link (custom scheme). The click id is appended as `click_id`.",
  });

export const creativeInput = z
  .strictObject({
    headline: creativeText(HEADLINE_MAX).meta({
      description: `At most ${HEADLINE_MAX} characters.`,
      example: "Your parlay is one leg away",
    }),
    body: creativeText(BODY_MAX, { multiline: true }).meta({
      description: `At most ${BODY_MAX} characters.`,
      example: "Cash out now or ride it: live odds inside.",
    }),
    icon_url: absoluteUrl.meta({
      description:
        "A publicly reachable HTTPS URL, checked with a HEAD request (redirects followed, private addresses refused).",
      example: "https://cdn.example.com/icon.png",
    }),
    action_url: actionUrl,
    cta_text: creativeText(CTA_MAX)
      .nullable()
      .optional()
      .meta({ description: `At most ${CTA_MAX} characters.`, example: "Open bet" }),
  })
  .meta({
    id: "CreativeInput",
    description: "A creative: all fields but cta_text are required, in E5's `creative` and at E8.",
  });
export type CreativeInput = z.infer<typeof creativeInput>;

export const CREATIVE_STATUSES = ["pending", "approved", "rejected", "paused"] as const;
export type CreativeStatus = (typeof CREATIVE_STATUSES)[number];

const ratio = z.number().min(0).max(1);

export const creativeResource = z
  .object({
    id: z.string().meta({ example: "cr_4Vd2k9QmXbT7nL1pR8sYzA" }),
    variant_label: z
      .string()
      .meta({ example: "variant_a", description: "variant_a, variant_b, ... assigned in order of creation." }),
    status: z.enum(CREATIVE_STATUSES).meta({
      description:
        "pending until the automatic review (before the creating request returns) moves it to approved or rejected.",
    }),
    review_reason: z
      .string()
      .nullable()
      .meta({ description: "Why the automatic review rejected the creative; null otherwise." }),
    headline: z.string(),
    body: z.string(),
    cta_text: z.string().nullable(),
    icon_url: z.string(),
    action_url: z.string(),
    performance_score: ratio.meta({
      description:
        "Probability (0..1, 6 decimals) that this variant has the highest true CTR among the campaign's approved variants, " +
        "from delivered impressions and clicks (Beta posteriors). 0 for variants that are not approved.",
    }),
    traffic_allocation: ratio.meta({
      description: "Share of the campaign's traffic: 1/N across N approved variants, 0 otherwise.",
    }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Creative" });
export type CreativeView = z.infer<typeof creativeResource>;

export const variantCreated = z
  .object({
    id: z.string(),
    variant_label: z.string().meta({ example: "variant_b" }),
    traffic_allocation: ratio.meta({
      description: "1/N across the N approved variants after this one was added; 0 if it was rejected.",
    }),
    status: z.enum(CREATIVE_STATUSES),
    review_reason: z.string().nullable(),
  })
  .meta({ id: "VariantCreated" });
export type VariantCreatedView = z.infer<typeof variantCreated>;
