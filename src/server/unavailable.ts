// Operations of the specs that need GitBook's cloud (AI, ads, insights, PDF rendering, hosted storage, staff tools):
// answered, after authentication and validation, with an error giving the group's reason (api-contract §3, class C).
// docs/api.md lists them with their reasons (scripts/write-api-docs.ts).

export interface UnavailableGroup {
  /** 501, or 404 where the operation declares 404 and no 501: a record this server can never hold. */
  status: 404 | 501;
  /** Why, as the end of "<operationId> is not available on this self-hosted server: <reason>". */
  reason: string;
  operations: readonly string[];
}

export const UNAVAILABLE: readonly UnavailableGroup[] = [
  {
    status: 501,
    reason: "it needs GitBook's cloud services to render PDFs",
    operations: ['getSpacePDF', 'getChangeRequestPDF'],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud services to run integrations' UIs",
    operations: ['renderIntegrationUIWithGet', 'renderIntegrationUIWithPost'],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud services for its AI (answers, questions, agents and their insights)",
    operations: [
      'askInOrganization',
      'getRecommendedQuestionsInOrganization',
      'streamRecommendedQuestionsInOrganization',
      'streamAskInOrganization',
      'getAgentSetupState',
      'updateAgentTask',
      'getConversationsIssuesCluster',
      'ingestConversation',
      'streamAskInSite',
      'streamRecommendedQuestionsInSite',
      'streamAIResponseInSite',
      'streamExistingAIResponseInSite',
      // 0.202.0: GitBook's agents, AI answers and their insights; a change request's conversations are its AI agent's.
      'listChangeRequestConversations',
      'updateChangeRequestConversation',
      'deleteChangeRequestConversation',
      'createUserNotificationsToken',
      'getOrganizationAIUsage',
      'listOrganizationAgentConversations',
      'provisionOrganizationAgentConversation',
      'updateOrganizationAgentConversation',
      'deleteOrganizationAgentConversation',
      'submitSiteAgentFeedback',
      'submitAgentFeedbackToSite',
      'getSiteAgentSettingsById',
      'updateSiteAgentSettingsById',
      'listSiteContextRecords',
      'upsertSiteContextRecords',
      'getSiteContextRecordById',
      'listSiteScans',
      'getSiteScanById',
      'listSiteFindings',
      'getSiteFindingById',
      'updateSiteFindingById',
      'listChangeRequestsForSiteFinding',
      'triggerChangeRequestsForSiteFinding',
      'listPagesForSiteFinding',
      'listQuestionsForSiteFinding',
      'listRecordsForSiteFinding',
      'getSiteFindingStats',
      'listSiteContextConnections',
      'createSiteContextConnection',
      'getSiteContextConnectionById',
      'updateSiteContextConnectionById',
      'deleteSiteContextConnectionById',
      'syncSiteContextConnection',
      'testSiteContextConnection',
      'listSiteTopics',
      'getSiteTopicById',
      'updateSiteTopicById',
      'deleteSiteTopicFindings',
      'listSiteQuestions',
      'getSiteQuestionById',
      'listSiteQuestionSources',
      'getSiteQuestionStats',
      'listSiteQuestionAnswers',
      'getSiteQuestionAnswerById',
      'getSiteQuestionAnswerThreadById',
      'listSiteQuestionAnswerSources',
    ],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud services for AI style-guide runs",
    operations: ['listOrganizationStyleguides', 'listStyleguideTemplates', 'createSiteStyleguideById', 'createSiteStyleguideRun', 'listSiteStyleguideRuns'],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud services for hosted file storage (upload files through the space's content)",
    operations: ['generateStorageUploadURL'],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud services for site analytics (visitor segments; Quire keeps page feedback only)",
    operations: ['listSiteVisitorSegments'],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud services for its ads program",
    operations: ['updateSiteAdsById', 'adsListSites', 'adsUpdateSite'],
  },
  {
    status: 501,
    reason: "it needs GitBook's cloud hosting for custom hostnames (serve Quire behind your own reverse proxy)",
    operations: ['getCustomHostname', 'dnsRevalidateCustomHostname', 'removeCustomHostname'],
  },
  {
    status: 501,
    reason: "it needs GitBook's GitHub and GitLab apps (Quire syncs with any git remote: see docs/sync.md)",
    operations: [
      'deleteLegacyGitInstallation',
      // 0.202.0
      'listSiteGitSyncInstallations',
      'installGitSyncProviderOnTarget',
      'getGitSyncInstallationById',
      'updateGitSyncInstallationById',
      'uninstallGitSyncInstallation',
      'listGitHubRepositoriesForGitSyncInstallation',
      'listGitHubRepoBranchesForGitSyncInstallation',
      'getGitHubRepoFileForGitSyncInstallation',
      'listGitLabProjectsForGitSyncInstallation',
      'listGitLabProjectBranchesForGitSyncInstallation',
      'getGitLabProjectFileForGitSyncInstallation',
    ],
  },
  {
    status: 404,
    reason: "integration tasks run on GitBook's integration platform",
    operations: ['queueIntegrationTask'],
  },
  {
    status: 404,
    reason: "it needs GitBook's cloud services for its AI agents and conversation insights",
    operations: ['listConversationsIssuesClusters', 'listConversationsIssuesInCluster', 'listAgentTasks', 'getAgentTask'],
  },
  {
    status: 404,
    reason: "custom fonts are hosted by GitBook's cloud services",
    operations: ['listCustomFonts', 'createCustomFont', 'getCustomFont', 'updateCustomFont', 'deleteCustomFont'],
  },
];

const BY_OPERATION = new Map(UNAVAILABLE.flatMap((group) => group.operations.map((id) => [id, group] as const)));

/** The status and message for an operation this server does not offer, or undefined if it is merely unbuilt. */
export function unavailable(operationId: string): { status: 404 | 501; message: string } | undefined {
  const group = BY_OPERATION.get(operationId);
  return group && { status: group.status, message: `${operationId} is not available on this self-hosted server: ${group.reason}` };
}
