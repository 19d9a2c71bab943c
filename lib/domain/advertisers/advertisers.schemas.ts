// The account an advertiser opens (the dashboard's sign-up, the operator CLI):
// one zod schema, whose limits the sign-up form shows as they are.
import { z } from "zod";
import { ADVERTISER_CATEGORIES } from "@/lib/domain/regions/regions.schemas";

export const ADVERTISER_NAME_MAX = 200;
/**
 * RFC 5321's longest address (a 256-octet path less its angle brackets). Also what keeps
 * the unique email index's entries within PostgreSQL's btree row limit (about 2.7 kB):
 * a longer, incompressible address failed the insert with a 500 there.
 */
/** A person's name (the first user's at sign-up, a member's, an account's own). */
export const USER_NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const createAdvertiserInput = z.strictObject({
  name: z.string().trim().min(1).max(ADVERTISER_NAME_MAX),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()),
  password: z.string().min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX),
  /** the first user's own name (the dashboard's sign-up asks it); without one the user is named as the advertiser */
  user_name: z.string().trim().min(1, "required").max(USER_NAME_MAX).optional(),
});
export type CreateAdvertiserInput = z.input<typeof createAdvertiserInput>;

/** GET /api/ads/advertiser: the caller's advertiser; category and licensed regions are the operator's. */
export const advertiserResource = z
  .object({
    id: z.string().meta({ example: "adv_8fJ2nQ4xLbW9cT1mV6pR3z" }),
    name: z.string(),
    email: z.string(),
    category: z.enum(ADVERTISER_CATEGORIES).meta({
      description:
        "What the advertiser sells, as ad policies class it (general, gambling, alcohol), set by the operator. A gambling " +
        "advertiser's campaigns serve only users in its licensed regions, never a user of unknown region; users may " +
        "exclude gambling and alcohol.",
    }),
    licensed_regions: z
      .array(z.string())
      .nullable()
      .meta({
        description:
          "A gambling advertiser's licensed regions (ISO 3166 codes), set by the operator: its campaigns may target only " +
          "regions within them (422 region_not_licensed otherwise). null: none.",
        example: ["US-NJ", "US-PA"],
      }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Advertiser" });
export type AdvertiserView = z.infer<typeof advertiserResource>;
