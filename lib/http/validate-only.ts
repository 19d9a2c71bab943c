// createCampaign's and updateCampaign's query: validate_only and nothing else (422 for any other
// parameter, or a value other than true or false), checked before the body.
import { validateOnlyQuery } from "@/lib/domain/campaigns/campaigns.schemas";
import { parseInput } from "@/lib/errors";
import { queryObject } from "./query";

export function checkValidateOnly({ url }: { url: URL }): void {
  parseInput(validateOnlyQuery, queryObject(url));
}
