// The head of a campaign's pages: the way back to the list, its name, status and
// id (and what else the page says of it, in `details`), its actions, and the tabs.
import type { ReactNode } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { CampaignTabs } from "./campaign-tabs";
import { statusLabel, statusTone } from "./status";

export function CampaignHeader({
  campaign,
  current,
  details,
  actions,
}: {
  campaign: { id: string; restId: string; name: string; status: string };
  current: "overview" | "history";
  details?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <PageHeader
        back={{ href: "/campaigns", label: "Campaigns" }}
        title={campaign.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTone(campaign.status)}>{statusLabel(campaign.status)}</Badge>
            <span>{campaign.restId}</span>
            {details}
          </span>
        }
        actions={actions}
      />
      <CampaignTabs id={campaign.id} current={current} />
    </>
  );
}
