// The overview's operation: today's delivery (UTC day) and the top campaigns,
// run in-process for the first paint and polled over HTTP after that.
import { graphql } from "@/graphql/__generated__/client";

export const overviewToday = graphql(`
  query OverviewToday {
    viewer {
      advertiser {
        today {
          date
          asOf
          impressions
          clicks
          ctr
          conversions
          spendUsd
          activeDailyBudgetUsd
          activeCampaigns
          topCampaigns(first: 5, by: SPEND) {
            impressions
            clicks
            ctr
            conversions
            spendUsd
            campaign {
              id
              name
              status
              pacing
              today {
                dailyBudgetUsd
                pacingAllowanceUsd
              }
            }
          }
        }
      }
    }
  }
`);
