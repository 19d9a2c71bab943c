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
    "\n  query CampaignChoices($first: Int!, $after: String) {\n    campaigns(first: $first, after: $after, orderBy: { field: CREATED_AT, direction: DESC }) {\n      nodes {\n        id\n        restId\n        name\n        status\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.CampaignChoicesDocument,
    "\n  query ShellViewer {\n    viewer {\n      role\n      user {\n        timeZone\n      }\n      advertiser {\n        name\n        email\n      }\n      notifications(first: 0) {\n        unreadCount\n      }\n      memberships {\n        advertiserId\n        advertiserName\n        role\n        current\n      }\n    }\n  }\n": typeof types.ShellViewerDocument,
    "\n  query ApiKeysPage {\n    viewer {\n      advertiser {\n        active: apiClients(first: 1) {\n          totalCount\n        }\n        apiClients(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.ApiKeysPageDocument,
    "\n  query BillingPage {\n    billing {\n      mode\n      balanceUsd\n      creditLimitUsd\n      creditUsedUsd\n      monthToDateSpendUsd\n      unpaidUsd\n      deliveryLimited\n      billingProfile {\n        legalName\n        address\n        taxId\n      }\n    }\n    invoices(perPage: 24) {\n      pagination {\n        total\n      }\n      invoices {\n        id\n        number\n        kind\n        month\n        status\n        totalUsd\n        dueUsd\n        issuedAt\n      }\n    }\n  }\n": typeof types.BillingPageDocument,
    "\n  query CampaignHistoryPage($id: ID!, $first: Int!, $after: String) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      changes(first: $first, after: $after) {\n        ...ChangePage\n      }\n    }\n  }\n": typeof types.CampaignHistoryPageDocument,
    "\n  fragment CampaignDeliveryFields on Campaign {\n    spendToDateUsd\n    impressionsToDate\n    clicksToDate\n    ctrToDate\n    conversionsToDate\n    deliveryStatus\n  }\n": typeof types.CampaignDeliveryFieldsFragmentDoc,
    "\n  fragment CampaignStatusFields on Campaign {\n    id\n    status\n  }\n": typeof types.CampaignStatusFieldsFragmentDoc,
    "\n  fragment CreativeStatusFields on Creative {\n    id\n    status\n  }\n": typeof types.CreativeStatusFieldsFragmentDoc,
    "\n  query CampaignList(\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n    $status: CampaignStatus\n    $search: String\n    $orderBy: CampaignOrder\n  ) {\n    viewer {\n      user {\n        timeZone\n      }\n    }\n    campaigns(\n      first: $first\n      after: $after\n      last: $last\n      before: $before\n      status: $status\n      search: $search\n      orderBy: $orderBy\n    ) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      nodes {\n        id\n        restId\n        name\n        status\n        momentTypes\n        sports\n        bidCpmUsd\n        dailyBudgetUsd\n        totalBudgetUsd\n        ...CampaignDeliveryFields\n        availableActions\n        createdAt\n        updatedAt\n        today {\n          spendUsd\n          dailyBudgetUsd\n          pacingAllowanceUsd\n        }\n      }\n    }\n  }\n": typeof types.CampaignListDocument,
    "\n  query CampaignListPerformance(\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $previousStart: Date!\n    $previousEnd: Date!\n    $compare: Boolean!\n  ) {\n    range: advertiserReport(startDate: $start, endDate: $end, breakdown: CAMPAIGN, timezone: $tz) {\n      period {\n        start\n        end\n        timezone\n      }\n      totals {\n        ...ReportTotalsFields\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          id\n        }\n      }\n    }\n    previous: advertiserReport(startDate: $previousStart, endDate: $previousEnd, breakdown: CAMPAIGN, timezone: $tz)\n      @include(if: $compare) {\n      period {\n        start\n        end\n      }\n      totals {\n        ...ReportTotalsFields\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          id\n        }\n      }\n    }\n    trend: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {\n      rows {\n        ...ReportRowFields\n      }\n    }\n  }\n": typeof types.CampaignListPerformanceDocument,
    "\n  query CampaignFormCatalog {\n    momentTypes {\n      key\n      displayName\n      description\n      floorCpmUsd\n      availableSports\n      clearingPrices {\n        clearingPriceP50Usd\n      }\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": typeof types.CampaignFormCatalogDocument,
    "\n  query CampaignEstimate($input: CreateCampaignInput!) {\n    previewCampaignCreate(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      preview {\n        creativeStatus\n        creativeReviewReason\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n      }\n    }\n  }\n": typeof types.CampaignEstimateDocument,
    "\n  mutation CreateCampaign($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CreateCampaignDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      endedReason\n      momentTypes\n      sports\n      bidCpmUsd\n      dailyBudgetUsd\n      totalBudgetUsd\n      targetCpaUsd\n      postbackUrl\n      startDate\n      endDate\n      pacing\n      targetRegions\n      excludedRegions\n      ...CampaignDeliveryFields\n      availableActions\n      createdAt\n      updatedAt\n      today {\n        date\n        spendUsd\n        dailyBudgetUsd\n        pacingAllowanceUsd\n        remainingUsd\n      }\n      creatives {\n        id\n        restId\n        variantLabel\n        status\n        reviewReason\n        headline\n        body\n        ctaText\n        iconUrl\n        actionUrl\n        performanceScore\n        trafficAllocation\n        availableActions\n        createdAt\n        performance {\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n        }\n      }\n    }\n  }\n": typeof types.CampaignDetailDocument,
    "\n  mutation PauseCampaign($input: PauseCampaignInput!) {\n    pauseCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.PauseCampaignDocument,
    "\n  mutation ResumeCampaign($input: ResumeCampaignInput!) {\n    resumeCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ResumeCampaignDocument,
    "\n  mutation EndCampaign($input: EndCampaignInput!) {\n    endCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.EndCampaignDocument,
    "\n  mutation CancelCampaign($input: CancelCampaignInput!) {\n    cancelCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CancelCampaignDocument,
    "\n  mutation UpdateCampaign($input: UpdateCampaignInput!) {\n    updateCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.UpdateCampaignDocument,
    "\n  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {\n    addCreativeVariant(input: $input) {\n      creative {\n        id\n        variantLabel\n        status\n        reviewReason\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.AddCreativeVariantDocument,
    "\n  mutation DuplicateCampaign($input: DuplicateCampaignInput!) {\n    duplicateCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.DuplicateCampaignDocument,
    "\n  mutation PauseCreativeVariant($input: PauseCreativeVariantInput!) {\n    pauseCreativeVariant(input: $input) {\n      creative {\n        ...CreativeStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.PauseCreativeVariantDocument,
    "\n  mutation ResumeCreativeVariant($input: ResumeCreativeVariantInput!) {\n    resumeCreativeVariant(input: $input) {\n      creative {\n        ...CreativeStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ResumeCreativeVariantDocument,
    "\n  query ForecastCampaignDelivery($input: ForecastCampaignDeliveryInput!) {\n    forecastCampaignDelivery(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      forecast {\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n      }\n    }\n  }\n": typeof types.ForecastCampaignDeliveryDocument,
    "\n  query PreviewCampaignUpdate($input: UpdateCampaignInput!) {\n    previewCampaignUpdate(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      preview {\n        raisesSpend\n        changes {\n          field\n          from\n          to\n        }\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n        currentEstimatedDailyImpressions\n        currentEstimatedDailySpendUsd\n        currentEstimateStatus\n      }\n    }\n  }\n": typeof types.PreviewCampaignUpdateDocument,
    "\n  query ClearingPricesPage {\n    clearingPrices {\n      asOf\n      momentTypes {\n        momentType\n        floorCpmUsd\n        clearingPriceP25Usd\n        clearingPriceP50Usd\n        clearingPriceP75Usd\n        clearingPriceP90Usd\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n  }\n": typeof types.ClearingPricesPageDocument,
    "\n  query ConnectedAppsPage {\n    connectedApps {\n      id\n      name\n      clientId\n      clientHost\n      uri\n      scopes\n      approvedBy {\n        email\n      }\n      createdAt\n      lastUsedAt\n    }\n  }\n": typeof types.ConnectedAppsPageDocument,
    "\n  fragment ChangeFields on Change {\n    id\n    at\n    actor {\n      type\n      id\n      name\n      email\n      clientId\n    }\n    onBehalfOf {\n      id\n      name\n      email\n    }\n    operation\n    target {\n      type\n      id\n    }\n    campaignId\n    fields {\n      field\n      from\n      to\n    }\n    reason\n    undoable\n  }\n": typeof types.ChangeFieldsFragmentDoc,
    "\n  fragment ChangePage on ChangeConnection {\n    totalCount\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    nodes {\n      ...ChangeFields\n    }\n  }\n": typeof types.ChangePageFragmentDoc,
    "\n  query HistoryPage(\n    $first: Int!\n    $after: String\n    $campaignId: String\n    $actorType: ChangeActorType\n    $targetType: ChangeTargetType\n    $since: String\n    $until: String\n  ) {\n    viewer {\n      advertiser {\n        changes(\n          first: $first\n          after: $after\n          campaignId: $campaignId\n          actorType: $actorType\n          targetType: $targetType\n          since: $since\n          until: $until\n        ) {\n          ...ChangePage\n        }\n      }\n    }\n  }\n": typeof types.HistoryPageDocument,
    "\n  query MembersPage {\n    members {\n      userId\n      email\n      name\n      role\n      joinedAt\n    }\n    invitations {\n      id\n      email\n      role\n      status\n      createdAt\n      expiresAt\n      invitedBy {\n        name\n      }\n    }\n  }\n": typeof types.MembersPageDocument,
    "\n  query OverviewToday {\n    viewer {\n      advertiser {\n        today {\n          date\n          asOf\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n          activeDailyBudgetUsd\n          activeCampaigns\n          topCampaigns(first: 5, by: SPEND) {\n            impressions\n            clicks\n            ctr\n            conversions\n            spendUsd\n            campaign {\n              id\n              name\n              status\n              pacing\n              today {\n                dailyBudgetUsd\n                pacingAllowanceUsd\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.OverviewTodayDocument,
    "\n  query ReportNames {\n    viewer {\n      user {\n        timeZone\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": typeof types.ReportNamesDocument,
    "\n  query CampaignReportPage(\n    $campaignId: ID!\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: ReportBreakdown\n    $granularity: TimeSeriesGranularity\n    $compare: ReportComparison\n  ) {\n    campaignReport(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      breakdown: $breakdown\n      timezone: $tz\n      compare: $compare\n    ) {\n      period {\n        start\n        end\n        timezone\n      }\n      breakdown\n      totals {\n        ...ReportTotalsFields\n        asOf\n      }\n      comparison {\n        ...ReportComparisonFields\n      }\n      rows {\n        ...ReportRowFields\n        creative {\n          variantLabel\n          headline\n        }\n      }\n      csv\n      csvFilename\n    }\n    campaignTimeSeries(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      granularity: $granularity\n      timezone: $tz\n    ) {\n      granularity\n      series {\n        ts\n        impressions\n        clicks\n        conversions\n        spendUsd\n      }\n      csv\n      csvFilename\n    }\n  }\n": typeof types.CampaignReportPageDocument,
    "\n  query AdvertiserReportPage(\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: AdvertiserReportBreakdown\n    $compare: ReportComparison\n  ) {\n    advertiserReport(startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz, compare: $compare) {\n      totals {\n        ...ReportTotalsFields\n        asOf\n      }\n      comparison {\n        ...ReportComparisonFields\n      }\n      period {\n        start\n        end\n        timezone\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          name\n        }\n      }\n      csv\n      csvFilename\n    }\n    daily: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {\n      rows {\n        ...ReportRowFields\n      }\n    }\n  }\n": typeof types.AdvertiserReportPageDocument,
    "\n  query SavedReportsPage {\n    viewer {\n      advertiser {\n        savedReports {\n          id\n          name\n          path\n          startDate\n          endDate\n          timezone\n          schedule\n          scheduleTimezone\n          recipientIds\n          lastSentPeriod\n          lastSentAt\n        }\n      }\n    }\n  }\n": typeof types.SavedReportsPageDocument,
    "\n  query RulePage($id: ID!) {\n    viewer {\n      advertiser {\n        rule(id: $id) {\n          id\n          name\n          metric\n          comparison\n          threshold\n          windowHours\n          campaignIds\n          action\n          actionValueUsd\n          enabled\n          nextWindowEnd\n          dryRun {\n            from\n            to\n            windows\n            actions {\n              ...RuleActionFields\n            }\n          }\n          actions {\n            ...RuleActionFields\n          }\n        }\n      }\n    }\n  }\n": typeof types.RulePageDocument,
    "\n  query RulesPage {\n    viewer {\n      advertiser {\n        rules {\n          id\n          name\n          metric\n          comparison\n          threshold\n          windowHours\n          campaignIds\n          action\n          actionValueUsd\n          enabled\n          nextWindowEnd\n        }\n      }\n    }\n  }\n": typeof types.RulesPageDocument,
    "\n  query SettingsPage {\n    viewer {\n      user {\n        email\n        name\n        timeZone\n      }\n      advertiser {\n        name\n        category\n        licensedRegions\n      }\n      notificationPreferences {\n        kind\n        channel\n      }\n    }\n  }\n": typeof types.SettingsPageDocument,
    "\n  query PostbackKeysPage {\n    viewer {\n      advertiser {\n        active: postbackKeys(first: 1) {\n          totalCount\n        }\n        postbackKeys(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.PostbackKeysPageDocument,
    "\n  query WebhooksPage {\n    webhookEndpoints(first: 100) {\n      totalCount\n      nodes {\n        id\n        restId\n        url\n        events\n        isActive\n        failureCount\n        lastDeliveredAt\n        createdAt\n        deactivatedReason\n      }\n    }\n  }\n": typeof types.WebhooksPageDocument,
    "\n  query WebhookEndpointPage($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      restId\n      url\n      events\n      isActive\n      batchImpressions\n      failureCount\n      lastDeliveredAt\n      createdAt\n      deactivatedAt\n      deactivatedReason\n      deliveries(first: 50) {\n        totalCount\n        nodes {\n          id\n          eventId\n          eventType\n          itemCount\n          status\n          attempts\n          lastStatusCode\n          lastError\n          nextAttemptAt\n          createdAt\n          deliveredAt\n        }\n      }\n    }\n  }\n": typeof types.WebhookEndpointPageDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      apiClient {\n        id\n        restId\n        name\n      }\n      clientSecret\n      warning\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CreateApiClientDocument,
    "\n  mutation RevokeApiClient($input: RevokeApiClientInput!) {\n    revokeApiClient(input: $input) {\n      apiClient {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RevokeApiClientDocument,
    "\n  mutation UpdateBillingProfile($input: UpdateBillingProfileInput!) {\n    updateBillingProfile(input: $input) {\n      billingProfile {\n        legalName\n        address\n        taxId\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.UpdateBillingProfileDocument,
    "\n  query InvoiceFiles($id: ID!, $pdf: Boolean!) {\n    invoice(id: $id) {\n      number\n      csv @skip(if: $pdf)\n      pdfBase64 @include(if: $pdf)\n    }\n  }\n": typeof types.InvoiceFilesDocument,
    "\n  mutation RevokeConnectedApp($input: RevokeConnectedAppInput!) {\n    revokeConnectedApp(input: $input) {\n      connectedApp {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RevokeConnectedAppDocument,
    "\n  mutation UndoChange($input: UndoChangeInput!) {\n    undoChange(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.UndoChangeDocument,
    "\n  mutation InviteMember($input: InviteMemberInput!) {\n    inviteMember(input: $input) {\n      invitation {\n        id\n        email\n      }\n      url\n      emailed\n      emailProblem\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.InviteMemberDocument,
    "\n  mutation ChangeMemberRole($input: ChangeMemberRoleInput!) {\n    changeMemberRole(input: $input) {\n      member {\n        userId\n        role\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ChangeMemberRoleDocument,
    "\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input) {\n      removedUserId\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation RevokeInvitation($input: RevokeInvitationInput!) {\n    revokeInvitation(input: $input) {\n      invitation {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RevokeInvitationDocument,
    "\n  query RecentNotifications {\n    viewer {\n      notifications(first: 10) {\n        unreadCount\n        nodes {\n          id\n          kind\n          title\n          body\n          linkPath\n          createdAt\n          readAt\n        }\n      }\n    }\n  }\n": typeof types.RecentNotificationsDocument,
    "\n  mutation MarkNotificationsRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      unreadCount\n      userErrors {\n        message\n      }\n    }\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  mutation SetNotificationPreference($input: SetNotificationPreferenceInput!) {\n    setNotificationPreference(input: $input) {\n      preferences {\n        kind\n        channel\n      }\n      userErrors {\n        message\n      }\n    }\n  }\n": typeof types.SetNotificationPreferenceDocument,
    "\n  mutation CreatePostbackKey($input: CreatePostbackKeyInput) {\n    createPostbackKey(input: $input) {\n      postbackKey {\n        id\n        restId\n        name\n      }\n      key\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CreatePostbackKeyDocument,
    "\n  mutation RenamePostbackKey($input: RenamePostbackKeyInput!) {\n    renamePostbackKey(input: $input) {\n      postbackKey {\n        id\n        name\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RenamePostbackKeyDocument,
    "\n  mutation RevokePostbackKey($input: RevokePostbackKeyInput!) {\n    revokePostbackKey(input: $input) {\n      postbackKey {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RevokePostbackKeyDocument,
    "\n  mutation CreateRule($input: CreateRuleInput!) {\n    createRule(input: $input) {\n      rule {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.CreateRuleDocument,
    "\n  fragment RuleActionFields on RuleActionEntry {\n    campaignId\n    campaignName\n    windowStart\n    windowEnd\n    action\n    metricValue\n    outcome\n    detail\n  }\n": typeof types.RuleActionFieldsFragmentDoc,
    "\n  mutation SetRuleEnabled($input: UpdateRuleInput!) {\n    updateRule(input: $input) {\n      rule {\n        id\n        enabled\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.SetRuleEnabledDocument,
    "\n  mutation DeleteRule($input: DeleteRuleInput!) {\n    deleteRule(input: $input) {\n      rule {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.DeleteRuleDocument,
    "\n  mutation SaveReport($input: SaveReportInput!) {\n    saveReport(input: $input) {\n      savedReport {\n        id\n        name\n        schedule\n        scheduleTimezone\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.SaveReportDocument,
    "\n  mutation UnscheduleSavedReport($input: UpdateSavedReportInput!) {\n    updateSavedReport(input: $input) {\n      savedReport {\n        id\n        schedule\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.UnscheduleSavedReportDocument,
    "\n  mutation SendSavedReportNow($input: DeleteSavedReportInput!) {\n    sendSavedReportNow(input: $input) {\n      savedReport {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.SendSavedReportNowDocument,
    "\n  mutation DeleteSavedReport($input: DeleteSavedReportInput!) {\n    deleteSavedReport(input: $input) {\n      savedReport {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.DeleteSavedReportDocument,
    "\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      user {\n        name\n        timeZone\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.UpdateAccountDocument,
    "\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      user {\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ChangeEmailDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      changedAt\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation SignOutEverywhere {\n    signOutEverywhere {\n      signedOutAt\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.SignOutEverywhereDocument,
    "\n  mutation SwitchAdvertiser($input: SwitchAdvertiserInput!) {\n    switchAdvertiser(input: $input) {\n      membership {\n        advertiserId\n      }\n      userErrors {\n        message\n      }\n    }\n  }\n": typeof types.SwitchAdvertiserDocument,
    "\n  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {\n    redeliverWebhookDelivery(input: $input) {\n      delivery {\n        id\n        status\n        attempts\n        lastStatusCode\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RedeliverWebhookDeliveryDocument,
    "\n  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {\n    registerWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        restId\n        url\n      }\n      secret\n      warning\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.RegisterWebhookEndpointDocument,
    "\n  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {\n    testWebhookEndpoint(input: $input) {\n      result {\n        success\n        statusCode\n        durationMs\n        message\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.TestWebhookEndpointDocument,
    "\n  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {\n    deactivateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        isActive\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.DeactivateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        events\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "fragment ReportTotalsFields on ReportTotals {\n  impressions\n  clicks\n  ctr\n  conversions\n  spendUsd\n  averageCpmPaidUsd\n  costPerClickUsd\n  costPerConversionUsd\n  conversionRate\n  conversionValueUsd\n  roas\n}\n\nfragment ReportComparisonFields on ReportComparisonTotals {\n  period {\n    start\n    end\n  }\n  totals {\n    ...ReportTotalsFields\n  }\n}\n\nfragment ReportRowFields on ReportRow {\n  key\n  region\n  regionName\n  impressions\n  clicks\n  ctr\n  conversions\n  spendUsd\n  costPerClickUsd\n  costPerConversionUsd\n  conversionRate\n  conversionValueUsd\n  roas\n}": typeof types.ReportTotalsFieldsFragmentDoc,
    "fragment UserErrorFields on UserError {\n  field\n  code\n  message\n}": typeof types.UserErrorFieldsFragmentDoc,
};
const documents: Documents = {
    "\n  query CampaignChoices($first: Int!, $after: String) {\n    campaigns(first: $first, after: $after, orderBy: { field: CREATED_AT, direction: DESC }) {\n      nodes {\n        id\n        restId\n        name\n        status\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.CampaignChoicesDocument,
    "\n  query ShellViewer {\n    viewer {\n      role\n      user {\n        timeZone\n      }\n      advertiser {\n        name\n        email\n      }\n      notifications(first: 0) {\n        unreadCount\n      }\n      memberships {\n        advertiserId\n        advertiserName\n        role\n        current\n      }\n    }\n  }\n": types.ShellViewerDocument,
    "\n  query ApiKeysPage {\n    viewer {\n      advertiser {\n        active: apiClients(first: 1) {\n          totalCount\n        }\n        apiClients(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": types.ApiKeysPageDocument,
    "\n  query BillingPage {\n    billing {\n      mode\n      balanceUsd\n      creditLimitUsd\n      creditUsedUsd\n      monthToDateSpendUsd\n      unpaidUsd\n      deliveryLimited\n      billingProfile {\n        legalName\n        address\n        taxId\n      }\n    }\n    invoices(perPage: 24) {\n      pagination {\n        total\n      }\n      invoices {\n        id\n        number\n        kind\n        month\n        status\n        totalUsd\n        dueUsd\n        issuedAt\n      }\n    }\n  }\n": types.BillingPageDocument,
    "\n  query CampaignHistoryPage($id: ID!, $first: Int!, $after: String) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      changes(first: $first, after: $after) {\n        ...ChangePage\n      }\n    }\n  }\n": types.CampaignHistoryPageDocument,
    "\n  fragment CampaignDeliveryFields on Campaign {\n    spendToDateUsd\n    impressionsToDate\n    clicksToDate\n    ctrToDate\n    conversionsToDate\n    deliveryStatus\n  }\n": types.CampaignDeliveryFieldsFragmentDoc,
    "\n  fragment CampaignStatusFields on Campaign {\n    id\n    status\n  }\n": types.CampaignStatusFieldsFragmentDoc,
    "\n  fragment CreativeStatusFields on Creative {\n    id\n    status\n  }\n": types.CreativeStatusFieldsFragmentDoc,
    "\n  query CampaignList(\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n    $status: CampaignStatus\n    $search: String\n    $orderBy: CampaignOrder\n  ) {\n    viewer {\n      user {\n        timeZone\n      }\n    }\n    campaigns(\n      first: $first\n      after: $after\n      last: $last\n      before: $before\n      status: $status\n      search: $search\n      orderBy: $orderBy\n    ) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      nodes {\n        id\n        restId\n        name\n        status\n        momentTypes\n        sports\n        bidCpmUsd\n        dailyBudgetUsd\n        totalBudgetUsd\n        ...CampaignDeliveryFields\n        availableActions\n        createdAt\n        updatedAt\n        today {\n          spendUsd\n          dailyBudgetUsd\n          pacingAllowanceUsd\n        }\n      }\n    }\n  }\n": types.CampaignListDocument,
    "\n  query CampaignListPerformance(\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $previousStart: Date!\n    $previousEnd: Date!\n    $compare: Boolean!\n  ) {\n    range: advertiserReport(startDate: $start, endDate: $end, breakdown: CAMPAIGN, timezone: $tz) {\n      period {\n        start\n        end\n        timezone\n      }\n      totals {\n        ...ReportTotalsFields\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          id\n        }\n      }\n    }\n    previous: advertiserReport(startDate: $previousStart, endDate: $previousEnd, breakdown: CAMPAIGN, timezone: $tz)\n      @include(if: $compare) {\n      period {\n        start\n        end\n      }\n      totals {\n        ...ReportTotalsFields\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          id\n        }\n      }\n    }\n    trend: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {\n      rows {\n        ...ReportRowFields\n      }\n    }\n  }\n": types.CampaignListPerformanceDocument,
    "\n  query CampaignFormCatalog {\n    momentTypes {\n      key\n      displayName\n      description\n      floorCpmUsd\n      availableSports\n      clearingPrices {\n        clearingPriceP50Usd\n      }\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": types.CampaignFormCatalogDocument,
    "\n  query CampaignEstimate($input: CreateCampaignInput!) {\n    previewCampaignCreate(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      preview {\n        creativeStatus\n        creativeReviewReason\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n      }\n    }\n  }\n": types.CampaignEstimateDocument,
    "\n  mutation CreateCampaign($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CreateCampaignDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      endedReason\n      momentTypes\n      sports\n      bidCpmUsd\n      dailyBudgetUsd\n      totalBudgetUsd\n      targetCpaUsd\n      postbackUrl\n      startDate\n      endDate\n      pacing\n      targetRegions\n      excludedRegions\n      ...CampaignDeliveryFields\n      availableActions\n      createdAt\n      updatedAt\n      today {\n        date\n        spendUsd\n        dailyBudgetUsd\n        pacingAllowanceUsd\n        remainingUsd\n      }\n      creatives {\n        id\n        restId\n        variantLabel\n        status\n        reviewReason\n        headline\n        body\n        ctaText\n        iconUrl\n        actionUrl\n        performanceScore\n        trafficAllocation\n        availableActions\n        createdAt\n        performance {\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n        }\n      }\n    }\n  }\n": types.CampaignDetailDocument,
    "\n  mutation PauseCampaign($input: PauseCampaignInput!) {\n    pauseCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.PauseCampaignDocument,
    "\n  mutation ResumeCampaign($input: ResumeCampaignInput!) {\n    resumeCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ResumeCampaignDocument,
    "\n  mutation EndCampaign($input: EndCampaignInput!) {\n    endCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.EndCampaignDocument,
    "\n  mutation CancelCampaign($input: CancelCampaignInput!) {\n    cancelCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CancelCampaignDocument,
    "\n  mutation UpdateCampaign($input: UpdateCampaignInput!) {\n    updateCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.UpdateCampaignDocument,
    "\n  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {\n    addCreativeVariant(input: $input) {\n      creative {\n        id\n        variantLabel\n        status\n        reviewReason\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.AddCreativeVariantDocument,
    "\n  mutation DuplicateCampaign($input: DuplicateCampaignInput!) {\n    duplicateCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.DuplicateCampaignDocument,
    "\n  mutation PauseCreativeVariant($input: PauseCreativeVariantInput!) {\n    pauseCreativeVariant(input: $input) {\n      creative {\n        ...CreativeStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.PauseCreativeVariantDocument,
    "\n  mutation ResumeCreativeVariant($input: ResumeCreativeVariantInput!) {\n    resumeCreativeVariant(input: $input) {\n      creative {\n        ...CreativeStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ResumeCreativeVariantDocument,
    "\n  query ForecastCampaignDelivery($input: ForecastCampaignDeliveryInput!) {\n    forecastCampaignDelivery(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      forecast {\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n      }\n    }\n  }\n": types.ForecastCampaignDeliveryDocument,
    "\n  query PreviewCampaignUpdate($input: UpdateCampaignInput!) {\n    previewCampaignUpdate(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      preview {\n        raisesSpend\n        changes {\n          field\n          from\n          to\n        }\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n        currentEstimatedDailyImpressions\n        currentEstimatedDailySpendUsd\n        currentEstimateStatus\n      }\n    }\n  }\n": types.PreviewCampaignUpdateDocument,
    "\n  query ClearingPricesPage {\n    clearingPrices {\n      asOf\n      momentTypes {\n        momentType\n        floorCpmUsd\n        clearingPriceP25Usd\n        clearingPriceP50Usd\n        clearingPriceP75Usd\n        clearingPriceP90Usd\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n  }\n": types.ClearingPricesPageDocument,
    "\n  query ConnectedAppsPage {\n    connectedApps {\n      id\n      name\n      clientId\n      clientHost\n      uri\n      scopes\n      approvedBy {\n        email\n      }\n      createdAt\n      lastUsedAt\n    }\n  }\n": types.ConnectedAppsPageDocument,
    "\n  fragment ChangeFields on Change {\n    id\n    at\n    actor {\n      type\n      id\n      name\n      email\n      clientId\n    }\n    onBehalfOf {\n      id\n      name\n      email\n    }\n    operation\n    target {\n      type\n      id\n    }\n    campaignId\n    fields {\n      field\n      from\n      to\n    }\n    reason\n    undoable\n  }\n": types.ChangeFieldsFragmentDoc,
    "\n  fragment ChangePage on ChangeConnection {\n    totalCount\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    nodes {\n      ...ChangeFields\n    }\n  }\n": types.ChangePageFragmentDoc,
    "\n  query HistoryPage(\n    $first: Int!\n    $after: String\n    $campaignId: String\n    $actorType: ChangeActorType\n    $targetType: ChangeTargetType\n    $since: String\n    $until: String\n  ) {\n    viewer {\n      advertiser {\n        changes(\n          first: $first\n          after: $after\n          campaignId: $campaignId\n          actorType: $actorType\n          targetType: $targetType\n          since: $since\n          until: $until\n        ) {\n          ...ChangePage\n        }\n      }\n    }\n  }\n": types.HistoryPageDocument,
    "\n  query MembersPage {\n    members {\n      userId\n      email\n      name\n      role\n      joinedAt\n    }\n    invitations {\n      id\n      email\n      role\n      status\n      createdAt\n      expiresAt\n      invitedBy {\n        name\n      }\n    }\n  }\n": types.MembersPageDocument,
    "\n  query OverviewToday {\n    viewer {\n      advertiser {\n        today {\n          date\n          asOf\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n          activeDailyBudgetUsd\n          activeCampaigns\n          topCampaigns(first: 5, by: SPEND) {\n            impressions\n            clicks\n            ctr\n            conversions\n            spendUsd\n            campaign {\n              id\n              name\n              status\n              pacing\n              today {\n                dailyBudgetUsd\n                pacingAllowanceUsd\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.OverviewTodayDocument,
    "\n  query ReportNames {\n    viewer {\n      user {\n        timeZone\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n": types.ReportNamesDocument,
    "\n  query CampaignReportPage(\n    $campaignId: ID!\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: ReportBreakdown\n    $granularity: TimeSeriesGranularity\n    $compare: ReportComparison\n  ) {\n    campaignReport(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      breakdown: $breakdown\n      timezone: $tz\n      compare: $compare\n    ) {\n      period {\n        start\n        end\n        timezone\n      }\n      breakdown\n      totals {\n        ...ReportTotalsFields\n        asOf\n      }\n      comparison {\n        ...ReportComparisonFields\n      }\n      rows {\n        ...ReportRowFields\n        creative {\n          variantLabel\n          headline\n        }\n      }\n      csv\n      csvFilename\n    }\n    campaignTimeSeries(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      granularity: $granularity\n      timezone: $tz\n    ) {\n      granularity\n      series {\n        ts\n        impressions\n        clicks\n        conversions\n        spendUsd\n      }\n      csv\n      csvFilename\n    }\n  }\n": types.CampaignReportPageDocument,
    "\n  query AdvertiserReportPage(\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: AdvertiserReportBreakdown\n    $compare: ReportComparison\n  ) {\n    advertiserReport(startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz, compare: $compare) {\n      totals {\n        ...ReportTotalsFields\n        asOf\n      }\n      comparison {\n        ...ReportComparisonFields\n      }\n      period {\n        start\n        end\n        timezone\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          name\n        }\n      }\n      csv\n      csvFilename\n    }\n    daily: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {\n      rows {\n        ...ReportRowFields\n      }\n    }\n  }\n": types.AdvertiserReportPageDocument,
    "\n  query SavedReportsPage {\n    viewer {\n      advertiser {\n        savedReports {\n          id\n          name\n          path\n          startDate\n          endDate\n          timezone\n          schedule\n          scheduleTimezone\n          recipientIds\n          lastSentPeriod\n          lastSentAt\n        }\n      }\n    }\n  }\n": types.SavedReportsPageDocument,
    "\n  query RulePage($id: ID!) {\n    viewer {\n      advertiser {\n        rule(id: $id) {\n          id\n          name\n          metric\n          comparison\n          threshold\n          windowHours\n          campaignIds\n          action\n          actionValueUsd\n          enabled\n          nextWindowEnd\n          dryRun {\n            from\n            to\n            windows\n            actions {\n              ...RuleActionFields\n            }\n          }\n          actions {\n            ...RuleActionFields\n          }\n        }\n      }\n    }\n  }\n": types.RulePageDocument,
    "\n  query RulesPage {\n    viewer {\n      advertiser {\n        rules {\n          id\n          name\n          metric\n          comparison\n          threshold\n          windowHours\n          campaignIds\n          action\n          actionValueUsd\n          enabled\n          nextWindowEnd\n        }\n      }\n    }\n  }\n": types.RulesPageDocument,
    "\n  query SettingsPage {\n    viewer {\n      user {\n        email\n        name\n        timeZone\n      }\n      advertiser {\n        name\n        category\n        licensedRegions\n      }\n      notificationPreferences {\n        kind\n        channel\n      }\n    }\n  }\n": types.SettingsPageDocument,
    "\n  query PostbackKeysPage {\n    viewer {\n      advertiser {\n        active: postbackKeys(first: 1) {\n          totalCount\n        }\n        postbackKeys(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": types.PostbackKeysPageDocument,
    "\n  query WebhooksPage {\n    webhookEndpoints(first: 100) {\n      totalCount\n      nodes {\n        id\n        restId\n        url\n        events\n        isActive\n        failureCount\n        lastDeliveredAt\n        createdAt\n        deactivatedReason\n      }\n    }\n  }\n": types.WebhooksPageDocument,
    "\n  query WebhookEndpointPage($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      restId\n      url\n      events\n      isActive\n      batchImpressions\n      failureCount\n      lastDeliveredAt\n      createdAt\n      deactivatedAt\n      deactivatedReason\n      deliveries(first: 50) {\n        totalCount\n        nodes {\n          id\n          eventId\n          eventType\n          itemCount\n          status\n          attempts\n          lastStatusCode\n          lastError\n          nextAttemptAt\n          createdAt\n          deliveredAt\n        }\n      }\n    }\n  }\n": types.WebhookEndpointPageDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      apiClient {\n        id\n        restId\n        name\n      }\n      clientSecret\n      warning\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CreateApiClientDocument,
    "\n  mutation RevokeApiClient($input: RevokeApiClientInput!) {\n    revokeApiClient(input: $input) {\n      apiClient {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RevokeApiClientDocument,
    "\n  mutation UpdateBillingProfile($input: UpdateBillingProfileInput!) {\n    updateBillingProfile(input: $input) {\n      billingProfile {\n        legalName\n        address\n        taxId\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.UpdateBillingProfileDocument,
    "\n  query InvoiceFiles($id: ID!, $pdf: Boolean!) {\n    invoice(id: $id) {\n      number\n      csv @skip(if: $pdf)\n      pdfBase64 @include(if: $pdf)\n    }\n  }\n": types.InvoiceFilesDocument,
    "\n  mutation RevokeConnectedApp($input: RevokeConnectedAppInput!) {\n    revokeConnectedApp(input: $input) {\n      connectedApp {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RevokeConnectedAppDocument,
    "\n  mutation UndoChange($input: UndoChangeInput!) {\n    undoChange(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.UndoChangeDocument,
    "\n  mutation InviteMember($input: InviteMemberInput!) {\n    inviteMember(input: $input) {\n      invitation {\n        id\n        email\n      }\n      url\n      emailed\n      emailProblem\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.InviteMemberDocument,
    "\n  mutation ChangeMemberRole($input: ChangeMemberRoleInput!) {\n    changeMemberRole(input: $input) {\n      member {\n        userId\n        role\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ChangeMemberRoleDocument,
    "\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input) {\n      removedUserId\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RemoveMemberDocument,
    "\n  mutation RevokeInvitation($input: RevokeInvitationInput!) {\n    revokeInvitation(input: $input) {\n      invitation {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RevokeInvitationDocument,
    "\n  query RecentNotifications {\n    viewer {\n      notifications(first: 10) {\n        unreadCount\n        nodes {\n          id\n          kind\n          title\n          body\n          linkPath\n          createdAt\n          readAt\n        }\n      }\n    }\n  }\n": types.RecentNotificationsDocument,
    "\n  mutation MarkNotificationsRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      unreadCount\n      userErrors {\n        message\n      }\n    }\n  }\n": types.MarkNotificationsReadDocument,
    "\n  mutation SetNotificationPreference($input: SetNotificationPreferenceInput!) {\n    setNotificationPreference(input: $input) {\n      preferences {\n        kind\n        channel\n      }\n      userErrors {\n        message\n      }\n    }\n  }\n": types.SetNotificationPreferenceDocument,
    "\n  mutation CreatePostbackKey($input: CreatePostbackKeyInput) {\n    createPostbackKey(input: $input) {\n      postbackKey {\n        id\n        restId\n        name\n      }\n      key\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CreatePostbackKeyDocument,
    "\n  mutation RenamePostbackKey($input: RenamePostbackKeyInput!) {\n    renamePostbackKey(input: $input) {\n      postbackKey {\n        id\n        name\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RenamePostbackKeyDocument,
    "\n  mutation RevokePostbackKey($input: RevokePostbackKeyInput!) {\n    revokePostbackKey(input: $input) {\n      postbackKey {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RevokePostbackKeyDocument,
    "\n  mutation CreateRule($input: CreateRuleInput!) {\n    createRule(input: $input) {\n      rule {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.CreateRuleDocument,
    "\n  fragment RuleActionFields on RuleActionEntry {\n    campaignId\n    campaignName\n    windowStart\n    windowEnd\n    action\n    metricValue\n    outcome\n    detail\n  }\n": types.RuleActionFieldsFragmentDoc,
    "\n  mutation SetRuleEnabled($input: UpdateRuleInput!) {\n    updateRule(input: $input) {\n      rule {\n        id\n        enabled\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.SetRuleEnabledDocument,
    "\n  mutation DeleteRule($input: DeleteRuleInput!) {\n    deleteRule(input: $input) {\n      rule {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.DeleteRuleDocument,
    "\n  mutation SaveReport($input: SaveReportInput!) {\n    saveReport(input: $input) {\n      savedReport {\n        id\n        name\n        schedule\n        scheduleTimezone\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.SaveReportDocument,
    "\n  mutation UnscheduleSavedReport($input: UpdateSavedReportInput!) {\n    updateSavedReport(input: $input) {\n      savedReport {\n        id\n        schedule\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.UnscheduleSavedReportDocument,
    "\n  mutation SendSavedReportNow($input: DeleteSavedReportInput!) {\n    sendSavedReportNow(input: $input) {\n      savedReport {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.SendSavedReportNowDocument,
    "\n  mutation DeleteSavedReport($input: DeleteSavedReportInput!) {\n    deleteSavedReport(input: $input) {\n      savedReport {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.DeleteSavedReportDocument,
    "\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      user {\n        name\n        timeZone\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.UpdateAccountDocument,
    "\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      user {\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ChangeEmailDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      changedAt\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation SignOutEverywhere {\n    signOutEverywhere {\n      signedOutAt\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.SignOutEverywhereDocument,
    "\n  mutation SwitchAdvertiser($input: SwitchAdvertiserInput!) {\n    switchAdvertiser(input: $input) {\n      membership {\n        advertiserId\n      }\n      userErrors {\n        message\n      }\n    }\n  }\n": types.SwitchAdvertiserDocument,
    "\n  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {\n    redeliverWebhookDelivery(input: $input) {\n      delivery {\n        id\n        status\n        attempts\n        lastStatusCode\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RedeliverWebhookDeliveryDocument,
    "\n  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {\n    registerWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        restId\n        url\n      }\n      secret\n      warning\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.RegisterWebhookEndpointDocument,
    "\n  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {\n    testWebhookEndpoint(input: $input) {\n      result {\n        success\n        statusCode\n        durationMs\n        message\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.TestWebhookEndpointDocument,
    "\n  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {\n    deactivateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        isActive\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.DeactivateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        events\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "fragment ReportTotalsFields on ReportTotals {\n  impressions\n  clicks\n  ctr\n  conversions\n  spendUsd\n  averageCpmPaidUsd\n  costPerClickUsd\n  costPerConversionUsd\n  conversionRate\n  conversionValueUsd\n  roas\n}\n\nfragment ReportComparisonFields on ReportComparisonTotals {\n  period {\n    start\n    end\n  }\n  totals {\n    ...ReportTotalsFields\n  }\n}\n\nfragment ReportRowFields on ReportRow {\n  key\n  region\n  regionName\n  impressions\n  clicks\n  ctr\n  conversions\n  spendUsd\n  costPerClickUsd\n  costPerConversionUsd\n  conversionRate\n  conversionValueUsd\n  roas\n}": types.ReportTotalsFieldsFragmentDoc,
    "fragment UserErrorFields on UserError {\n  field\n  code\n  message\n}": types.UserErrorFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignChoices($first: Int!, $after: String) {\n    campaigns(first: $first, after: $after, orderBy: { field: CREATED_AT, direction: DESC }) {\n      nodes {\n        id\n        restId\n        name\n        status\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignChoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShellViewer {\n    viewer {\n      role\n      user {\n        timeZone\n      }\n      advertiser {\n        name\n        email\n      }\n      notifications(first: 0) {\n        unreadCount\n      }\n      memberships {\n        advertiserId\n        advertiserName\n        role\n        current\n      }\n    }\n  }\n"): typeof import('./graphql').ShellViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeysPage {\n    viewer {\n      advertiser {\n        active: apiClients(first: 1) {\n          totalCount\n        }\n        apiClients(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ApiKeysPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BillingPage {\n    billing {\n      mode\n      balanceUsd\n      creditLimitUsd\n      creditUsedUsd\n      monthToDateSpendUsd\n      unpaidUsd\n      deliveryLimited\n      billingProfile {\n        legalName\n        address\n        taxId\n      }\n    }\n    invoices(perPage: 24) {\n      pagination {\n        total\n      }\n      invoices {\n        id\n        number\n        kind\n        month\n        status\n        totalUsd\n        dueUsd\n        issuedAt\n      }\n    }\n  }\n"): typeof import('./graphql').BillingPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignHistoryPage($id: ID!, $first: Int!, $after: String) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      changes(first: $first, after: $after) {\n        ...ChangePage\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignHistoryPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CampaignDeliveryFields on Campaign {\n    spendToDateUsd\n    impressionsToDate\n    clicksToDate\n    ctrToDate\n    conversionsToDate\n    deliveryStatus\n  }\n"): typeof import('./graphql').CampaignDeliveryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CampaignStatusFields on Campaign {\n    id\n    status\n  }\n"): typeof import('./graphql').CampaignStatusFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CreativeStatusFields on Creative {\n    id\n    status\n  }\n"): typeof import('./graphql').CreativeStatusFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignList(\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n    $status: CampaignStatus\n    $search: String\n    $orderBy: CampaignOrder\n  ) {\n    viewer {\n      user {\n        timeZone\n      }\n    }\n    campaigns(\n      first: $first\n      after: $after\n      last: $last\n      before: $before\n      status: $status\n      search: $search\n      orderBy: $orderBy\n    ) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n      nodes {\n        id\n        restId\n        name\n        status\n        momentTypes\n        sports\n        bidCpmUsd\n        dailyBudgetUsd\n        totalBudgetUsd\n        ...CampaignDeliveryFields\n        availableActions\n        createdAt\n        updatedAt\n        today {\n          spendUsd\n          dailyBudgetUsd\n          pacingAllowanceUsd\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignListPerformance(\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $previousStart: Date!\n    $previousEnd: Date!\n    $compare: Boolean!\n  ) {\n    range: advertiserReport(startDate: $start, endDate: $end, breakdown: CAMPAIGN, timezone: $tz) {\n      period {\n        start\n        end\n        timezone\n      }\n      totals {\n        ...ReportTotalsFields\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          id\n        }\n      }\n    }\n    previous: advertiserReport(startDate: $previousStart, endDate: $previousEnd, breakdown: CAMPAIGN, timezone: $tz)\n      @include(if: $compare) {\n      period {\n        start\n        end\n      }\n      totals {\n        ...ReportTotalsFields\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          id\n        }\n      }\n    }\n    trend: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {\n      rows {\n        ...ReportRowFields\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignListPerformanceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignFormCatalog {\n    momentTypes {\n      key\n      displayName\n      description\n      floorCpmUsd\n      availableSports\n      clearingPrices {\n        clearingPriceP50Usd\n      }\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n"): typeof import('./graphql').CampaignFormCatalogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignEstimate($input: CreateCampaignInput!) {\n    previewCampaignCreate(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      preview {\n        creativeStatus\n        creativeReviewReason\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignEstimateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCampaign($input: CreateCampaignInput!) {\n    createCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').CreateCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id\n      restId\n      name\n      status\n      endedReason\n      momentTypes\n      sports\n      bidCpmUsd\n      dailyBudgetUsd\n      totalBudgetUsd\n      targetCpaUsd\n      postbackUrl\n      startDate\n      endDate\n      pacing\n      targetRegions\n      excludedRegions\n      ...CampaignDeliveryFields\n      availableActions\n      createdAt\n      updatedAt\n      today {\n        date\n        spendUsd\n        dailyBudgetUsd\n        pacingAllowanceUsd\n        remainingUsd\n      }\n      creatives {\n        id\n        restId\n        variantLabel\n        status\n        reviewReason\n        headline\n        body\n        ctaText\n        iconUrl\n        actionUrl\n        performanceScore\n        trafficAllocation\n        availableActions\n        createdAt\n        performance {\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CampaignDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseCampaign($input: PauseCampaignInput!) {\n    pauseCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').PauseCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeCampaign($input: ResumeCampaignInput!) {\n    resumeCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').ResumeCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndCampaign($input: EndCampaignInput!) {\n    endCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').EndCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelCampaign($input: CancelCampaignInput!) {\n    cancelCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').CancelCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCampaign($input: UpdateCampaignInput!) {\n    updateCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddCreativeVariant($input: AddCreativeVariantInput!) {\n    addCreativeVariant(input: $input) {\n      creative {\n        id\n        variantLabel\n        status\n        reviewReason\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').AddCreativeVariantDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicateCampaign($input: DuplicateCampaignInput!) {\n    duplicateCampaign(input: $input) {\n      campaign {\n        ...CampaignStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').DuplicateCampaignDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseCreativeVariant($input: PauseCreativeVariantInput!) {\n    pauseCreativeVariant(input: $input) {\n      creative {\n        ...CreativeStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').PauseCreativeVariantDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeCreativeVariant($input: ResumeCreativeVariantInput!) {\n    resumeCreativeVariant(input: $input) {\n      creative {\n        ...CreativeStatusFields\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').ResumeCreativeVariantDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ForecastCampaignDelivery($input: ForecastCampaignDeliveryInput!) {\n    forecastCampaignDelivery(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      forecast {\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n      }\n    }\n  }\n"): typeof import('./graphql').ForecastCampaignDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewCampaignUpdate($input: UpdateCampaignInput!) {\n    previewCampaignUpdate(input: $input) {\n      userErrors {\n        ...UserErrorFields\n      }\n      preview {\n        raisesSpend\n        changes {\n          field\n          from\n          to\n        }\n        estimatedDailyImpressions\n        estimatedDailySpendUsd\n        estimateStatus\n        currentEstimatedDailyImpressions\n        currentEstimatedDailySpendUsd\n        currentEstimateStatus\n      }\n    }\n  }\n"): typeof import('./graphql').PreviewCampaignUpdateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClearingPricesPage {\n    clearingPrices {\n      asOf\n      momentTypes {\n        momentType\n        floorCpmUsd\n        clearingPriceP25Usd\n        clearingPriceP50Usd\n        clearingPriceP75Usd\n        clearingPriceP90Usd\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n  }\n"): typeof import('./graphql').ClearingPricesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConnectedAppsPage {\n    connectedApps {\n      id\n      name\n      clientId\n      clientHost\n      uri\n      scopes\n      approvedBy {\n        email\n      }\n      createdAt\n      lastUsedAt\n    }\n  }\n"): typeof import('./graphql').ConnectedAppsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChangeFields on Change {\n    id\n    at\n    actor {\n      type\n      id\n      name\n      email\n      clientId\n    }\n    onBehalfOf {\n      id\n      name\n      email\n    }\n    operation\n    target {\n      type\n      id\n    }\n    campaignId\n    fields {\n      field\n      from\n      to\n    }\n    reason\n    undoable\n  }\n"): typeof import('./graphql').ChangeFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChangePage on ChangeConnection {\n    totalCount\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    nodes {\n      ...ChangeFields\n    }\n  }\n"): typeof import('./graphql').ChangePageFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HistoryPage(\n    $first: Int!\n    $after: String\n    $campaignId: String\n    $actorType: ChangeActorType\n    $targetType: ChangeTargetType\n    $since: String\n    $until: String\n  ) {\n    viewer {\n      advertiser {\n        changes(\n          first: $first\n          after: $after\n          campaignId: $campaignId\n          actorType: $actorType\n          targetType: $targetType\n          since: $since\n          until: $until\n        ) {\n          ...ChangePage\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').HistoryPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MembersPage {\n    members {\n      userId\n      email\n      name\n      role\n      joinedAt\n    }\n    invitations {\n      id\n      email\n      role\n      status\n      createdAt\n      expiresAt\n      invitedBy {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').MembersPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewToday {\n    viewer {\n      advertiser {\n        today {\n          date\n          asOf\n          impressions\n          clicks\n          ctr\n          conversions\n          spendUsd\n          activeDailyBudgetUsd\n          activeCampaigns\n          topCampaigns(first: 5, by: SPEND) {\n            impressions\n            clicks\n            ctr\n            conversions\n            spendUsd\n            campaign {\n              id\n              name\n              status\n              pacing\n              today {\n                dailyBudgetUsd\n                pacingAllowanceUsd\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').OverviewTodayDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportNames {\n    viewer {\n      user {\n        timeZone\n      }\n    }\n    momentTypes {\n      key\n      displayName\n    }\n    sports {\n      key\n      displayName\n    }\n  }\n"): typeof import('./graphql').ReportNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignReportPage(\n    $campaignId: ID!\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: ReportBreakdown\n    $granularity: TimeSeriesGranularity\n    $compare: ReportComparison\n  ) {\n    campaignReport(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      breakdown: $breakdown\n      timezone: $tz\n      compare: $compare\n    ) {\n      period {\n        start\n        end\n        timezone\n      }\n      breakdown\n      totals {\n        ...ReportTotalsFields\n        asOf\n      }\n      comparison {\n        ...ReportComparisonFields\n      }\n      rows {\n        ...ReportRowFields\n        creative {\n          variantLabel\n          headline\n        }\n      }\n      csv\n      csvFilename\n    }\n    campaignTimeSeries(\n      campaignId: $campaignId\n      startDate: $start\n      endDate: $end\n      granularity: $granularity\n      timezone: $tz\n    ) {\n      granularity\n      series {\n        ts\n        impressions\n        clicks\n        conversions\n        spendUsd\n      }\n      csv\n      csvFilename\n    }\n  }\n"): typeof import('./graphql').CampaignReportPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdvertiserReportPage(\n    $start: Date!\n    $end: Date!\n    $tz: TimeZone!\n    $breakdown: AdvertiserReportBreakdown\n    $compare: ReportComparison\n  ) {\n    advertiserReport(startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz, compare: $compare) {\n      totals {\n        ...ReportTotalsFields\n        asOf\n      }\n      comparison {\n        ...ReportComparisonFields\n      }\n      period {\n        start\n        end\n        timezone\n      }\n      rows {\n        ...ReportRowFields\n        campaign {\n          name\n        }\n      }\n      csv\n      csvFilename\n    }\n    daily: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {\n      rows {\n        ...ReportRowFields\n      }\n    }\n  }\n"): typeof import('./graphql').AdvertiserReportPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedReportsPage {\n    viewer {\n      advertiser {\n        savedReports {\n          id\n          name\n          path\n          startDate\n          endDate\n          timezone\n          schedule\n          scheduleTimezone\n          recipientIds\n          lastSentPeriod\n          lastSentAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').SavedReportsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RulePage($id: ID!) {\n    viewer {\n      advertiser {\n        rule(id: $id) {\n          id\n          name\n          metric\n          comparison\n          threshold\n          windowHours\n          campaignIds\n          action\n          actionValueUsd\n          enabled\n          nextWindowEnd\n          dryRun {\n            from\n            to\n            windows\n            actions {\n              ...RuleActionFields\n            }\n          }\n          actions {\n            ...RuleActionFields\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').RulePageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RulesPage {\n    viewer {\n      advertiser {\n        rules {\n          id\n          name\n          metric\n          comparison\n          threshold\n          windowHours\n          campaignIds\n          action\n          actionValueUsd\n          enabled\n          nextWindowEnd\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').RulesPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsPage {\n    viewer {\n      user {\n        email\n        name\n        timeZone\n      }\n      advertiser {\n        name\n        category\n        licensedRegions\n      }\n      notificationPreferences {\n        kind\n        channel\n      }\n    }\n  }\n"): typeof import('./graphql').SettingsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PostbackKeysPage {\n    viewer {\n      advertiser {\n        active: postbackKeys(first: 1) {\n          totalCount\n        }\n        postbackKeys(first: 100, includeRevoked: true) {\n          totalCount\n          nodes {\n            id\n            restId\n            name\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').PostbackKeysPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhooksPage {\n    webhookEndpoints(first: 100) {\n      totalCount\n      nodes {\n        id\n        restId\n        url\n        events\n        isActive\n        failureCount\n        lastDeliveredAt\n        createdAt\n        deactivatedReason\n      }\n    }\n  }\n"): typeof import('./graphql').WebhooksPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpointPage($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      restId\n      url\n      events\n      isActive\n      batchImpressions\n      failureCount\n      lastDeliveredAt\n      createdAt\n      deactivatedAt\n      deactivatedReason\n      deliveries(first: 50) {\n        totalCount\n        nodes {\n          id\n          eventId\n          eventType\n          itemCount\n          status\n          attempts\n          lastStatusCode\n          lastError\n          nextAttemptAt\n          createdAt\n          deliveredAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookEndpointPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      apiClient {\n        id\n        restId\n        name\n      }\n      clientSecret\n      warning\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').CreateApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiClient($input: RevokeApiClientInput!) {\n    revokeApiClient(input: $input) {\n      apiClient {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RevokeApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBillingProfile($input: UpdateBillingProfileInput!) {\n    updateBillingProfile(input: $input) {\n      billingProfile {\n        legalName\n        address\n        taxId\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateBillingProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoiceFiles($id: ID!, $pdf: Boolean!) {\n    invoice(id: $id) {\n      number\n      csv @skip(if: $pdf)\n      pdfBase64 @include(if: $pdf)\n    }\n  }\n"): typeof import('./graphql').InvoiceFilesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeConnectedApp($input: RevokeConnectedAppInput!) {\n    revokeConnectedApp(input: $input) {\n      connectedApp {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RevokeConnectedAppDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoChange($input: UndoChangeInput!) {\n    undoChange(input: $input) {\n      campaign {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').UndoChangeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteMember($input: InviteMemberInput!) {\n    inviteMember(input: $input) {\n      invitation {\n        id\n        email\n      }\n      url\n      emailed\n      emailProblem\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').InviteMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeMemberRole($input: ChangeMemberRoleInput!) {\n    changeMemberRole(input: $input) {\n      member {\n        userId\n        role\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').ChangeMemberRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($input: RemoveMemberInput!) {\n    removeMember(input: $input) {\n      removedUserId\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RemoveMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeInvitation($input: RevokeInvitationInput!) {\n    revokeInvitation(input: $input) {\n      invitation {\n        id\n        status\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RevokeInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecentNotifications {\n    viewer {\n      notifications(first: 10) {\n        unreadCount\n        nodes {\n          id\n          kind\n          title\n          body\n          linkPath\n          createdAt\n          readAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').RecentNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($input: MarkNotificationsReadInput!) {\n    markNotificationsRead(input: $input) {\n      unreadCount\n      userErrors {\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').MarkNotificationsReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetNotificationPreference($input: SetNotificationPreferenceInput!) {\n    setNotificationPreference(input: $input) {\n      preferences {\n        kind\n        channel\n      }\n      userErrors {\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').SetNotificationPreferenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePostbackKey($input: CreatePostbackKeyInput) {\n    createPostbackKey(input: $input) {\n      postbackKey {\n        id\n        restId\n        name\n      }\n      key\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').CreatePostbackKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenamePostbackKey($input: RenamePostbackKeyInput!) {\n    renamePostbackKey(input: $input) {\n      postbackKey {\n        id\n        name\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RenamePostbackKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokePostbackKey($input: RevokePostbackKeyInput!) {\n    revokePostbackKey(input: $input) {\n      postbackKey {\n        id\n        revokedAt\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RevokePostbackKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRule($input: CreateRuleInput!) {\n    createRule(input: $input) {\n      rule {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').CreateRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RuleActionFields on RuleActionEntry {\n    campaignId\n    campaignName\n    windowStart\n    windowEnd\n    action\n    metricValue\n    outcome\n    detail\n  }\n"): typeof import('./graphql').RuleActionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRuleEnabled($input: UpdateRuleInput!) {\n    updateRule(input: $input) {\n      rule {\n        id\n        enabled\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').SetRuleEnabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRule($input: DeleteRuleInput!) {\n    deleteRule(input: $input) {\n      rule {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').DeleteRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveReport($input: SaveReportInput!) {\n    saveReport(input: $input) {\n      savedReport {\n        id\n        name\n        schedule\n        scheduleTimezone\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').SaveReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnscheduleSavedReport($input: UpdateSavedReportInput!) {\n    updateSavedReport(input: $input) {\n      savedReport {\n        id\n        schedule\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').UnscheduleSavedReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendSavedReportNow($input: DeleteSavedReportInput!) {\n    sendSavedReportNow(input: $input) {\n      savedReport {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').SendSavedReportNowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSavedReport($input: DeleteSavedReportInput!) {\n    deleteSavedReport(input: $input) {\n      savedReport {\n        id\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').DeleteSavedReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccount($input: UpdateAccountInput!) {\n    updateAccount(input: $input) {\n      user {\n        name\n        timeZone\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      user {\n        email\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').ChangeEmailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      changedAt\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').ChangePasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOutEverywhere {\n    signOutEverywhere {\n      signedOutAt\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').SignOutEverywhereDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SwitchAdvertiser($input: SwitchAdvertiserInput!) {\n    switchAdvertiser(input: $input) {\n      membership {\n        advertiserId\n      }\n      userErrors {\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').SwitchAdvertiserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {\n    redeliverWebhookDelivery(input: $input) {\n      delivery {\n        id\n        status\n        attempts\n        lastStatusCode\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterWebhookEndpoint($input: RegisterWebhookEndpointInput!) {\n    registerWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        restId\n        url\n      }\n      secret\n      warning\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').RegisterWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestWebhookEndpoint($input: TestWebhookEndpointInput!) {\n    testWebhookEndpoint(input: $input) {\n      result {\n        success\n        statusCode\n        durationMs\n        message\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').TestWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateWebhookEndpoint($input: DeactivateWebhookEndpointInput!) {\n    deactivateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        isActive\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').DeactivateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      webhookEndpoint {\n        id\n        events\n      }\n      userErrors {\n        ...UserErrorFields\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ReportTotalsFields on ReportTotals {\n  impressions\n  clicks\n  ctr\n  conversions\n  spendUsd\n  averageCpmPaidUsd\n  costPerClickUsd\n  costPerConversionUsd\n  conversionRate\n  conversionValueUsd\n  roas\n}\n\nfragment ReportComparisonFields on ReportComparisonTotals {\n  period {\n    start\n    end\n  }\n  totals {\n    ...ReportTotalsFields\n  }\n}\n\nfragment ReportRowFields on ReportRow {\n  key\n  region\n  regionName\n  impressions\n  clicks\n  ctr\n  conversions\n  spendUsd\n  costPerClickUsd\n  costPerConversionUsd\n  conversionRate\n  conversionValueUsd\n  roas\n}"): typeof import('./graphql').ReportTotalsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment UserErrorFields on UserError {\n  field\n  code\n  message\n}"): typeof import('./graphql').UserErrorFieldsFragmentDoc;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
