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
    "\n  query ApiKeysPage {\n    viewer {\n      advertiser {\n        apiClients(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.ApiKeysPageDocument,
    "\n  query ClearingPricesPage {\n    clearingPrices {\n      asOf\n      momentTypes {\n        momentType\n        floorCpmUsd\n        clearingPriceP25Usd\n        clearingPriceP50Usd\n        clearingPriceP75Usd\n        clearingPriceP90Usd\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n  }\n": typeof types.ClearingPricesPageDocument,
    "\n  query ReportCampaigns {\n    campaigns(first: 100) {\n      nodes {\n        restId\n        name\n        status\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": typeof types.ReportCampaignsDocument,
    "\n  query CampaignReportPage(\n    $campaignId: ID!\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: ReportBreakdown\n    $granularity: TimeSeriesGranularity\n  ) {\n    campaignReport(campaignId: $campaignId, startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz) {\n      period {\n        start\n        end\n        timezone\n      }\n      totals {\n        impressions\n        clicks\n        ctr\n        conversions\n        spendUsd\n        averageCpmPaidUsd\n        asOf\n      }\n      breakdown\n      rows {\n        key\n        impressions\n        clicks\n        ctr\n        conversions\n        spendUsd\n        creative {\n          variantLabel\n          headline\n        }\n      }\n      csv\n      csvFilename\n    }\n    campaignTimeSeries(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      granularity: $granularity\n      timezone: $tz\n    ) {\n      granularity\n      series {\n        ts\n        impressions\n        clicks\n        spendUsd\n      }\n      csv\n      csvFilename\n    }\n  }\n": typeof types.CampaignReportPageDocument,
    "\n  query WebhookEndpointPage($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      restId\n      url\n      events\n      isActive\n      batchImpressions\n      failureCount\n      lastDeliveredAt\n      createdAt\n      deactivatedAt\n      deactivatedReason\n      deliveries(first: 50) {\n        totalCount\n        nodes {\n          id\n          eventId\n          eventType\n          itemCount\n          status\n          attempts\n          lastStatusCode\n          lastError\n          nextAttemptAt\n          createdAt\n          deliveredAt\n        }\n      }\n    }\n  }\n": typeof types.WebhookEndpointPageDocument,
    "\n  query WebhooksPage {\n    webhookEndpoints(first: 100) {\n      totalCount\n      nodes {\n        id\n        restId\n        url\n        events\n        isActive\n        failureCount\n        lastDeliveredAt\n        createdAt\n        deactivatedReason\n      }\n    }\n  }\n": typeof types.WebhooksPageDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      apiClient {\n        id\n        restId\n        name\n      }\n      clientSecret\n      warning\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.CreateApiClientDocument,
    "\n  mutation RevokeApiClient($input: RevokeApiClientInput!) {\n    revokeApiClient(input: $input) {\n      apiClient {\n        id\n        revokedAt\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.RevokeApiClientDocument,
    "\n  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {\n    redeliverWebhookDelivery(input: $input) {\n      delivery {\n        id\n        status\n        attempts\n        lastStatusCode\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.RedeliverWebhookDeliveryDocument,
    "\n  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {\n    registerWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        restId\n        url\n      }\n      secret\n      warning\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.RegisterWebhookEndpointDocument,
    "\n  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {\n    testWebhookEndpoint(input: $input) {\n      result {\n        success\n        statusCode\n        durationMs\n        message\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.TestWebhookEndpointDocument,
    "\n  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {\n    deactivateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        isActive\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.DeactivateWebhookEndpointDocument,
};
const documents: Documents = {
    "\n  query ShellViewer {\n    viewer {\n      advertiser {\n        name\n        email\n      }\n    }\n  }\n": types.ShellViewerDocument,
    "\n  query ApiKeysPage {\n    viewer {\n      advertiser {\n        apiClients(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": types.ApiKeysPageDocument,
    "\n  query ClearingPricesPage {\n    clearingPrices {\n      asOf\n      momentTypes {\n        momentType\n        floorCpmUsd\n        clearingPriceP25Usd\n        clearingPriceP50Usd\n        clearingPriceP75Usd\n        clearingPriceP90Usd\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n  }\n": types.ClearingPricesPageDocument,
    "\n  query ReportCampaigns {\n    campaigns(first: 100) {\n      nodes {\n        restId\n        name\n        status\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": types.ReportCampaignsDocument,
    "\n  query CampaignReportPage(\n    $campaignId: ID!\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: ReportBreakdown\n    $granularity: TimeSeriesGranularity\n  ) {\n    campaignReport(campaignId: $campaignId, startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz) {\n      period {\n        start\n        end\n        timezone\n      }\n      totals {\n        impressions\n        clicks\n        ctr\n        conversions\n        spendUsd\n        averageCpmPaidUsd\n        asOf\n      }\n      breakdown\n      rows {\n        key\n        impressions\n        clicks\n        ctr\n        conversions\n        spendUsd\n        creative {\n          variantLabel\n          headline\n        }\n      }\n      csv\n      csvFilename\n    }\n    campaignTimeSeries(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      granularity: $granularity\n      timezone: $tz\n    ) {\n      granularity\n      series {\n        ts\n        impressions\n        clicks\n        spendUsd\n      }\n      csv\n      csvFilename\n    }\n  }\n": types.CampaignReportPageDocument,
    "\n  query WebhookEndpointPage($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      restId\n      url\n      events\n      isActive\n      batchImpressions\n      failureCount\n      lastDeliveredAt\n      createdAt\n      deactivatedAt\n      deactivatedReason\n      deliveries(first: 50) {\n        totalCount\n        nodes {\n          id\n          eventId\n          eventType\n          itemCount\n          status\n          attempts\n          lastStatusCode\n          lastError\n          nextAttemptAt\n          createdAt\n          deliveredAt\n        }\n      }\n    }\n  }\n": types.WebhookEndpointPageDocument,
    "\n  query WebhooksPage {\n    webhookEndpoints(first: 100) {\n      totalCount\n      nodes {\n        id\n        restId\n        url\n        events\n        isActive\n        failureCount\n        lastDeliveredAt\n        createdAt\n        deactivatedReason\n      }\n    }\n  }\n": types.WebhooksPageDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      apiClient {\n        id\n        restId\n        name\n      }\n      clientSecret\n      warning\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.CreateApiClientDocument,
    "\n  mutation RevokeApiClient($input: RevokeApiClientInput!) {\n    revokeApiClient(input: $input) {\n      apiClient {\n        id\n        revokedAt\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.RevokeApiClientDocument,
    "\n  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {\n    redeliverWebhookDelivery(input: $input) {\n      delivery {\n        id\n        status\n        attempts\n        lastStatusCode\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.RedeliverWebhookDeliveryDocument,
    "\n  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {\n    registerWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        restId\n        url\n      }\n      secret\n      warning\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.RegisterWebhookEndpointDocument,
    "\n  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {\n    testWebhookEndpoint(input: $input) {\n      result {\n        success\n        statusCode\n        durationMs\n        message\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.TestWebhookEndpointDocument,
    "\n  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {\n    deactivateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        isActive\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.DeactivateWebhookEndpointDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShellViewer {\n    viewer {\n      advertiser {\n        name\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').ShellViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeysPage {\n    viewer {\n      advertiser {\n        apiClients(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ApiKeysPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClearingPricesPage {\n    clearingPrices {\n      asOf\n      momentTypes {\n        momentType\n        floorCpmUsd\n        clearingPriceP25Usd\n        clearingPriceP50Usd\n        clearingPriceP75Usd\n        clearingPriceP90Usd\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n  }\n"): typeof import('./graphql').ClearingPricesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportCampaigns {\n    campaigns(first: 100) {\n      nodes {\n        restId\n        name\n        status\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n"): typeof import('./graphql').ReportCampaignsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReportPage(\n    $campaignId: ID!\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: ReportBreakdown\n    $granularity: TimeSeriesGranularity\n  ) {\n    campaignReport(campaignId: $campaignId, startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz) {\n      period {\n        start\n        end\n        timezone\n      }\n      totals {\n        impressions\n        clicks\n        ctr\n        conversions\n        spendUsd\n        averageCpmPaidUsd\n        asOf\n      }\n      breakdown\n      rows {\n        key\n        impressions\n        clicks\n        ctr\n        conversions\n        spendUsd\n        creative {\n          variantLabel\n          headline\n        }\n      }\n      csv\n      csvFilename\n    }\n    campaignTimeSeries(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      granularity: $granularity\n      timezone: $tz\n    ) {\n      granularity\n      series {\n        ts\n        impressions\n        clicks\n        spendUsd\n      }\n      csv\n      csvFilename\n    }\n  }\n"): typeof import('./graphql').CampaignReportPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpointPage($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      restId\n      url\n      events\n      isActive\n      batchImpressions\n      failureCount\n      lastDeliveredAt\n      createdAt\n      deactivatedAt\n      deactivatedReason\n      deliveries(first: 50) {\n        totalCount\n        nodes {\n          id\n          eventId\n          eventType\n          itemCount\n          status\n          attempts\n          lastStatusCode\n          lastError\n          nextAttemptAt\n          createdAt\n          deliveredAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookEndpointPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhooksPage {\n    webhookEndpoints(first: 100) {\n      totalCount\n      nodes {\n        id\n        restId\n        url\n        events\n        isActive\n        failureCount\n        lastDeliveredAt\n        createdAt\n        deactivatedReason\n      }\n    }\n  }\n"): typeof import('./graphql').WebhooksPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      apiClient {\n        id\n        restId\n        name\n      }\n      clientSecret\n      warning\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CreateApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiClient($input: RevokeApiClientInput!) {\n    revokeApiClient(input: $input) {\n      apiClient {\n        id\n        revokedAt\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RevokeApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {\n    redeliverWebhookDelivery(input: $input) {\n      delivery {\n        id\n        status\n        attempts\n        lastStatusCode\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {\n    registerWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        restId\n        url\n      }\n      secret\n      warning\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RegisterWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {\n    testWebhookEndpoint(input: $input) {\n      result {\n        success\n        statusCode\n        durationMs\n        message\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').TestWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {\n    deactivateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        isActive\n      }\n      userErrors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').DeactivateWebhookEndpointDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
