/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ShellViewer {\n    viewer {\n      advertiser {\n        name\n        email\n      }\n    }\n  }\n": typeof types.ShellViewerDocument,
    "\n  query CampaignList(\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n    $status: CampaignStatus\n    $orderBy: CampaignOrder\n  ) {\n    campaigns(first: $first, after: $after, last: $last, before: $before, status: $status, orderBy: $orderBy) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      nodes {\n        id\n        restId\n        name\n        status\n        momentTypes\n        sports\n        bidCpmUsd\n        dailyBudgetUsd\n        spendToDateUsd\n        impressionsToDate\n        createdAt\n        today {\n          spendUsd\n          dailyBudgetUsd\n          pacingAllowanceUsd\n        }\n      }\n    }\n  }\n": typeof types.CampaignListDocument,
    "\n  query CampaignFormCatalog {\n    momentTypes {\n      key\n      displayName\n      description\n      floorCpmUsd\n      availableSports\n      clearingPrices {\n        clearingPriceP50Usd\n      }\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": typeof types.CampaignFormCatalogDocument,
    "\n  mutation CreateCampaign($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.CreateCampaignDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      endedReason\n      momentTypes\n      sports\n      bidCpmUsd\n      dailyBudgetUsd\n      totalBudgetUsd\n      targetCpaUsd\n      postbackUrl\n      startDate\n      endDate\n      pacing\n      spendToDateUsd\n      impressionsToDate\n      createdAt\n      updatedAt\n      today {\n        date\n        spendUsd\n        dailyBudgetUsd\n        pacingAllowanceUsd\n        remainingUsd\n      }\n      creatives {\n        id\n        restId\n        variantLabel\n        status\n        reviewReason\n        headline\n        body\n        ctaText\n        iconUrl\n        actionUrl\n        performanceScore\n        trafficAllocation\n        createdAt\n        performance {\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n        }\n      }\n    }\n  }\n": typeof types.CampaignDetailDocument,
    "\n  mutation PauseCampaign($input: PauseCampaignInput!) {\n    pauseCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.PauseCampaignDocument,
    "\n  mutation ResumeCampaign($input: ResumeCampaignInput!) {\n    resumeCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.ResumeCampaignDocument,
    "\n  mutation EndCampaign($input: EndCampaignInput!) {\n    endCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.EndCampaignDocument,
    "\n  mutation CancelCampaign($input: CancelCampaignInput!) {\n    cancelCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.CancelCampaignDocument,
    "\n  mutation UpdateCampaign($input: UpdateCampaignInput!) {\n    updateCampaign(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.UpdateCampaignDocument,
    "\n  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {\n    addCreativeVariant(input: $input) {\n      creative {\n        id\n        variantLabel\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.AddCreativeVariantDocument,
    "\n  query OverviewToday {\n    viewer {\n      advertiser {\n        today {\n          date\n          asOf\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n          activeDailyBudgetUsd\n          activeCampaigns\n          topCampaigns(first: 5, by: SPEND) {\n            impressions\n            clicks\n            ctr\n            conversions\n            spendUsd\n            campaign {\n              id\n              name\n              status\n              pacing\n              today {\n                dailyBudgetUsd\n                pacingAllowanceUsd\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.OverviewTodayDocument,
};
const documents: Documents = {
    "\n  query ShellViewer {\n    viewer {\n      advertiser {\n        name\n        email\n      }\n    }\n  }\n": types.ShellViewerDocument,
    "\n  query CampaignList(\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n    $status: CampaignStatus\n    $orderBy: CampaignOrder\n  ) {\n    campaigns(first: $first, after: $after, last: $last, before: $before, status: $status, orderBy: $orderBy) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      nodes {\n        id\n        restId\n        name\n        status\n        momentTypes\n        sports\n        bidCpmUsd\n        dailyBudgetUsd\n        spendToDateUsd\n        impressionsToDate\n        createdAt\n        today {\n          spendUsd\n          dailyBudgetUsd\n          pacingAllowanceUsd\n        }\n      }\n    }\n  }\n": types.CampaignListDocument,
    "\n  query CampaignFormCatalog {\n    momentTypes {\n      key\n      displayName\n      description\n      floorCpmUsd\n      availableSports\n      clearingPrices {\n        clearingPriceP50Usd\n      }\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": types.CampaignFormCatalogDocument,
    "\n  mutation CreateCampaign($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.CreateCampaignDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      endedReason\n      momentTypes\n      sports\n      bidCpmUsd\n      dailyBudgetUsd\n      totalBudgetUsd\n      targetCpaUsd\n      postbackUrl\n      startDate\n      endDate\n      pacing\n      spendToDateUsd\n      impressionsToDate\n      createdAt\n      updatedAt\n      today {\n        date\n        spendUsd\n        dailyBudgetUsd\n        pacingAllowanceUsd\n        remainingUsd\n      }\n      creatives {\n        id\n        restId\n        variantLabel\n        status\n        reviewReason\n        headline\n        body\n        ctaText\n        iconUrl\n        actionUrl\n        performanceScore\n        trafficAllocation\n        createdAt\n        performance {\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n        }\n      }\n    }\n  }\n": types.CampaignDetailDocument,
    "\n  mutation PauseCampaign($input: PauseCampaignInput!) {\n    pauseCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.PauseCampaignDocument,
    "\n  mutation ResumeCampaign($input: ResumeCampaignInput!) {\n    resumeCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.ResumeCampaignDocument,
    "\n  mutation EndCampaign($input: EndCampaignInput!) {\n    endCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.EndCampaignDocument,
    "\n  mutation CancelCampaign($input: CancelCampaignInput!) {\n    cancelCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.CancelCampaignDocument,
    "\n  mutation UpdateCampaign($input: UpdateCampaignInput!) {\n    updateCampaign(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.UpdateCampaignDocument,
    "\n  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {\n    addCreativeVariant(input: $input) {\n      creative {\n        id\n        variantLabel\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.AddCreativeVariantDocument,
    "\n  query OverviewToday {\n    viewer {\n      advertiser {\n        today {\n          date\n          asOf\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n          activeDailyBudgetUsd\n          activeCampaigns\n          topCampaigns(first: 5, by: SPEND) {\n            impressions\n            clicks\n            ctr\n            conversions\n            spendUsd\n            campaign {\n              id\n              name\n              status\n              pacing\n              today {\n                dailyBudgetUsd\n                pacingAllowanceUsd\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.OverviewTodayDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShellViewer {\n    viewer {\n      advertiser {\n        name\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').ShellViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignList(\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n    $status: CampaignStatus\n    $orderBy: CampaignOrder\n  ) {\n    campaigns(first: $first, after: $after, last: $last, before: $before, status: $status, orderBy: $orderBy) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      nodes {\n        id\n        restId\n        name\n        status\n        momentTypes\n        sports\n        bidCpmUsd\n        dailyBudgetUsd\n        spendToDateUsd\n        impressionsToDate\n        createdAt\n        today {\n          spendUsd\n          dailyBudgetUsd\n          pacingAllowanceUsd\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignFormCatalog {\n    momentTypes {\n      key\n      displayName\n      description\n      floorCpmUsd\n      availableSports\n      clearingPrices {\n        clearingPriceP50Usd\n      }\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n"): typeof import('./graphql').CampaignFormCatalogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCampaign($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CreateCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      endedReason\n      momentTypes\n      sports\n      bidCpmUsd\n      dailyBudgetUsd\n      totalBudgetUsd\n      targetCpaUsd\n      postbackUrl\n      startDate\n      endDate\n      pacing\n      spendToDateUsd\n      impressionsToDate\n      createdAt\n      updatedAt\n      today {\n        date\n        spendUsd\n        dailyBudgetUsd\n        pacingAllowanceUsd\n        remainingUsd\n      }\n      creatives {\n        id\n        restId\n        variantLabel\n        status\n        reviewReason\n        headline\n        body\n        ctaText\n        iconUrl\n        actionUrl\n        performanceScore\n        trafficAllocation\n        createdAt\n        performance {\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseCampaign($input: PauseCampaignInput!) {\n    pauseCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').PauseCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeCampaign($input: ResumeCampaignInput!) {\n    resumeCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').ResumeCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndCampaign($input: EndCampaignInput!) {\n    endCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').EndCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelCampaign($input: CancelCampaignInput!) {\n    cancelCampaign(input: $input) {\n      campaign {\n        id\n        status\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CancelCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCampaign($input: UpdateCampaignInput!) {\n    updateCampaign(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {\n    addCreativeVariant(input: $input) {\n      creative {\n        id\n        variantLabel\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').AddCreativeVariantDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewToday {\n    viewer {\n      advertiser {\n        today {\n          date\n          asOf\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n          activeDailyBudgetUsd\n          activeCampaigns\n          topCampaigns(first: 5, by: SPEND) {\n            impressions\n            clicks\n            ctr\n            conversions\n            spendUsd\n            campaign {\n              id\n              name\n              status\n              pacing\n              today {\n                dailyBudgetUsd\n                pacingAllowanceUsd\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').OverviewTodayDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
