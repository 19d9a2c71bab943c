// The campaign pages' operations.
import { graphql } from "@/graphql/__generated__/client";

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
        spendToDateUsd
        impressionsToDate
        clicksToDate
        ctrToDate
        conversionsToDate
        deliveryStatus
        createdAt
        today {
          spendUsd
          dailyBudgetUsd
          pacingAllowanceUsd
        }
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
      preview {
        creativeStatus
        creativeReviewReason
        estimatedDailyImpressions
        estimatedDailySpendUsd
        estimateStatus
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const createCampaign = graphql(`
  mutation CreateCampaign($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      campaign {
        id
      }
      userErrors {
        field
        code
        message
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
      spendToDateUsd
      impressionsToDate
      clicksToDate
      ctrToDate
      conversionsToDate
      deliveryStatus
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
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const resumeCampaign = graphql(`
  mutation ResumeCampaign($input: ResumeCampaignInput!) {
    resumeCampaign(input: $input) {
      campaign {
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const endCampaign = graphql(`
  mutation EndCampaign($input: EndCampaignInput!) {
    endCampaign(input: $input) {
      campaign {
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const cancelCampaign = graphql(`
  mutation CancelCampaign($input: CancelCampaignInput!) {
    cancelCampaign(input: $input) {
      campaign {
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const updateCampaign = graphql(`
  mutation UpdateCampaign($input: UpdateCampaignInput!) {
    updateCampaign(input: $input) {
      campaign {
        id
      }
      userErrors {
        field
        code
        message
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
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const duplicateCampaign = graphql(`
  mutation DuplicateCampaign($input: DuplicateCampaignInput!) {
    duplicateCampaign(input: $input) {
      campaign {
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const pauseCreativeVariant = graphql(`
  mutation PauseCreativeVariant($input: PauseCreativeVariantInput!) {
    pauseCreativeVariant(input: $input) {
      creative {
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const resumeCreativeVariant = graphql(`
  mutation ResumeCreativeVariant($input: ResumeCreativeVariantInput!) {
    resumeCreativeVariant(input: $input) {
      creative {
        id
        status
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const forecastCampaignDelivery = graphql(`
  query ForecastCampaignDelivery($input: ForecastCampaignDeliveryInput!) {
    forecastCampaignDelivery(input: $input) {
      forecast {
        estimatedDailyImpressions
        estimatedDailySpendUsd
        estimateStatus
      }
      userErrors {
        field
        code
        message
      }
    }
  }
`);

export const previewCampaignUpdate = graphql(`
  query PreviewCampaignUpdate($input: UpdateCampaignInput!) {
    previewCampaignUpdate(input: $input) {
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
      userErrors {
        field
        code
        message
      }
    }
  }
`);
