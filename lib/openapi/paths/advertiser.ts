import type { OperationDoc } from "../common";

export const advertiserDocs = {
  getAdvertiser: {
    summary: "The caller's advertiser",
    description:
      "The advertiser the token acts for: its name, contact email, and, read-only, its category and licensed regions " +
      "as the operator set them. A gambling advertiser's campaigns serve only users in its licensed regions and may " +
      "target only regions within them (E5 and E7 answer 422 region_not_licensed otherwise); a change of licence " +
      "applies to the next decision.",
    tags: ["Advertiser"],
    returns: "The advertiser",
  },
} satisfies Record<string, OperationDoc>;
