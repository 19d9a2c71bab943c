// The account an advertiser opens (the dashboard's sign-up, the operator CLI):
// one zod schema, whose limits the sign-up form shows as they are.
import { z } from "zod";

export const ADVERTISER_NAME_MAX = 200;
/**
 * RFC 5321's longest address (a 256-octet path less its angle brackets). Also what keeps
 * the unique email index's entries within PostgreSQL's btree row limit (about 2.7 kB):
 * a longer, incompressible address failed the insert with a 500 there.
 */
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const createAdvertiserInput = z.strictObject({
  name: z.string().trim().min(1).max(ADVERTISER_NAME_MAX),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()),
  password: z.string().min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX),
});
export type CreateAdvertiserInput = z.input<typeof createAdvertiserInput>;
