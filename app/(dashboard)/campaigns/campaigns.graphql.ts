// The campaign pages' operations. Mutations and previews read their userErrors
// through UserErrorFields (graphql/operations/user-error.graphql).
import { graphql } from "@/graphql/__generated__/client";

/** The delivery to date the list and the detail page show of a campaign. */
export const CAMPAIGN_DELIVERY_FIELDS = graphql(`
  fragment CampaignDeliveryFields on Campaign {
    spendToDateUsd
    impressionsToDate
    clicksToDate
    ctrToDate
    conversionsToDate
    deliveryStatus
  }
`);

/** What a campaign mutation reads back: the id (to link to) and the status it left. */
export const CAMPAIGN_STATUS_FIELDS = graphql(`
  fragment CampaignStatusFields on Campaign {
    id
    status
  }
`);

/** What a variant's pause and resume read back. */
export const CREATIVE_STATUS_FIELDS = graphql(`
  fragment CreativeStatusFields on Creative {
    id
    status
  }
`);

export const campaignList = graphql(`
  query CampaignList(
    $first: Int
    $after: String
    $last: Int
    $before: String
    $status: CampaignStatus
    $search: String
    $orderBy: CampaignOrder
  ) {
    viewer {
      user {
        timeZone
      }
    }
    campaigns(
      first: $first
      after: $after
      last: $last
      before: $before
      status: $status
      search: $search
      orderBy: $orderBy
    ) {
      totalCount
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      nodes {
        id
        restId
        name
        status
        momentTypes
        sports
        bidCpmUsd
        dailyBudgetUsd
        totalBudgetUsd
        ...CampaignDeliveryFields
        availableActions
        createdAt
        updatedAt
        today {
          spendUsd
          dailyBudgetUsd
          pacingAllowanceUsd
        }
      }
    }
  }
`);

/**
 * The campaign list's money columns over a range of local dates (issue 42): the all-campaigns report
 * broken down by campaign (one row per campaign, joined to the list's rows by id), its totals (from the
 * summed raw figures), the same for the previous period when asked, and the account's daily trend.
 */
export const campaignListPerformance = graphql(`
  query CampaignListPerformance(
    $start: Date!
    $end: Date!
    $tz: TimeZone!
    $previousStart: Date!
    $previousEnd: Date!
    $compare: Boolean!
  ) {
    range: advertiserReport(startDate: $start, endDate: $end, breakdown: CAMPAIGN, timezone: $tz) {
      period {
        start
        end
        timezone
      }
      totals {
        ...ReportTotalsFields
      }
      rows {
        ...ReportRowFields
        campaign {
          id
        }
      }
    }
    previous: advertiserReport(startDate: $previousStart, endDate: $previousEnd, breakdown: CAMPAIGN, timezone: $tz)
      @include(if: $compare) {
      period {
        start
        end
      }
      totals {
        ...ReportTotalsFields
      }
      rows {
        ...ReportRowFields
        campaign {
          id
        }
      }
    }
    trend: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {
      rows {
        ...ReportRowFields
      }
    }
  }
`);

export const campaignFormCatalog = graphql(`
  query CampaignFormCatalog {
    momentTypes {
      key
      displayName
      description
      floorCpmUsd
      availableSports
      clearingPrices {
        clearingPriceP50Usd
      }
    }
    sports {
      key
      displayName
    }
  }
`);

export const campaignEstimate = graphql(`
  query CampaignEstimate($input: CreateCampaignInput!) {
    previewCampaignCreate(input: $input) {
      userErrors {
        ...UserErrorFields
      }
      preview {
        creativeStatus
        creativeReviewReason
        estimatedDailyImpressions
        estimatedDailySpendUsd
        estimateStatus
      }
    }
  }
`);

export const createCampaign = graphql(`
  mutation CreateCampaign($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const campaignDetailQuery = graphql(`
  query CampaignDetail($id: ID!) {
    campaign(id: $id) {
      id
      restId
      name
      status
      endedReason
      momentTypes
      sports
      bidCpmUsd
      dailyBudgetUsd
      totalBudgetUsd
      targetCpaUsd
      postbackUrl
      startDate
      endDate
      pacing
      targetRegions
      excludedRegions
      ...CampaignDeliveryFields
      availableActions
      createdAt
      updatedAt
      today {
        date
        spendUsd
        dailyBudgetUsd
        pacingAllowanceUsd
        remainingUsd
      }
      creatives {
        id
        restId
        variantLabel
        status
        reviewReason
        headline
        body
        ctaText
        iconUrl
        actionUrl
        performanceScore
        trafficAllocation
        availableActions
        createdAt
        performance {
          impressions
          clicks
          ctr
          conversions
          spendUsd
        }
      }
    }
  }
`);

export const pauseCampaign = graphql(`
  mutation PauseCampaign($input: PauseCampaignInput!) {
    pauseCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const resumeCampaign = graphql(`
  mutation ResumeCampaign($input: ResumeCampaignInput!) {
    resumeCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const endCampaign = graphql(`
  mutation EndCampaign($input: EndCampaignInput!) {
    endCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const cancelCampaign = graphql(`
  mutation CancelCampaign($input: CancelCampaignInput!) {
    cancelCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const updateCampaign = graphql(`
  mutation UpdateCampaign($input: UpdateCampaignInput!) {
    updateCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const addCreativeVariant = graphql(`
  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {
    addCreativeVariant(input: $input) {
      creative {
        id
        variantLabel
        status
        reviewReason
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const duplicateCampaign = graphql(`
  mutation DuplicateCampaign($input: DuplicateCampaignInput!) {
    duplicateCampaign(input: $input) {
      campaign {
        ...CampaignStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const pauseCreativeVariant = graphql(`
  mutation PauseCreativeVariant($input: PauseCreativeVariantInput!) {
    pauseCreativeVariant(input: $input) {
      creative {
        ...CreativeStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const resumeCreativeVariant = graphql(`
  mutation ResumeCreativeVariant($input: ResumeCreativeVariantInput!) {
    resumeCreativeVariant(input: $input) {
      creative {
        ...CreativeStatusFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const forecastCampaignDelivery = graphql(`
  query ForecastCampaignDelivery($input: ForecastCampaignDeliveryInput!) {
    forecastCampaignDelivery(input: $input) {
      userErrors {
        ...UserErrorFields
      }
      forecast {
        estimatedDailyImpressions
        estimatedDailySpendUsd
        estimateStatus
      }
    }
  }
`);

export const previewCampaignUpdate = graphql(`
  query PreviewCampaignUpdate($input: UpdateCampaignInput!) {
    previewCampaignUpdate(input: $input) {
      userErrors {
        ...UserErrorFields
      }
      preview {
        raisesSpend
        changes {
          field
          from
          to
        }
        estimatedDailyImpressions
        estimatedDailySpendUsd
        estimateStatus
        currentEstimatedDailyImpressions
        currentEstimatedDailySpendUsd
        currentEstimateStatus
      }
    }
  }
`);
