// A campaign's status change through its own mutation (pauseCampaign,
// resumeCampaign, endCampaign, cancelCampaign): one campaign's actions and the
// list's bulk actions send the same ones.
import {
  CancelCampaignDocument,
  EndCampaignDocument,
  PauseCampaignDocument,
  ResumeCampaignDocument,
} from "@/graphql/__generated__/client/graphql";
import { gqlFetch } from "@/components/graphql-client";

export type StatusAction = "pause" | "resume" | "end" | "cancel";

/** Changes campaign `id`'s status: null once done, else the refusal's messages. */
export async function changeStatus(action: StatusAction, id: string): Promise<string | null> {
  const input = { input: { id } };
  const payload =
    action === "pause"
      ? (await gqlFetch(PauseCampaignDocument, input)).pauseCampaign
      : action === "resume"
        ? (await gqlFetch(ResumeCampaignDocument, input)).resumeCampaign
        : action === "end"
          ? (await gqlFetch(EndCampaignDocument, input)).endCampaign
          : (await gqlFetch(CancelCampaignDocument, input)).cancelCampaign;
  return payload?.userErrors.length ? payload.userErrors.map((error) => error.message).join("; ") : null;
}
