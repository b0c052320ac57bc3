// Operations of the spec that need GitBook's cloud (AI, ads, insights, PDF rendering, hosted storage, staff tools):
// answered, after authentication and validation, with an error saying so (api-contract §3, class C).

const CLOUD_ONLY = [
  'getEmbedByUrlInSpace',
  'getEmbedByUrl',
  'deleteLegacyGitInstallation',
  'getComputedDocument',
  'getComputedRevision',
  'getSpacePDF',
  'getChangeRequestPDF',
  'renderIntegrationUIWithGet',
  'renderIntegrationUIWithPost',
  'getOrganizationAgentInstructions',
  'updateOrganizationAgentInstructions',
  'getOrganizationsForEmailDomain',
  'askInOrganization',
  'getRecommendedQuestionsInOrganization',
  'streamRecommendedQuestionsInOrganization',
  'streamAskInOrganization',
  'getAgentSetupState',
  'updateAgentTask',
  'getConversationsIssuesCluster',
  'ingestConversation',
  'generateStorageUploadURL',
  'streamAskInSite',
  'streamRecommendedQuestionsInSite',
  'streamAIResponseInSite',
  'streamExistingAIResponseInSite',
  'trackEventsInSiteById',
  'aggregateSiteEvents',
  'listSiteVisitorSegments',
  'updateSiteAdsById',
  'adsListSites',
  'adsUpdateSite',
  'getCustomHostname',
  'dnsRevalidateCustomHostname',
  'removeCustomHostname',
] as const;

/** These declare 404 and no 501: they answer 404, as for a record this server can never hold. */
const NOT_FOUND = [
  'queueIntegrationTask',
  'listConversationsIssuesClusters',
  'listConversationsIssuesInCluster',
  'listAgentTasks',
  'getAgentTask',
  'listCustomFonts',
  'createCustomFont',
  'getCustomFont',
  'updateCustomFont',
  'deleteCustomFont',
  'startImportRun',
  'cancelImportRun',
] as const;

const STATUS = new Map<string, 404 | 501>([...CLOUD_ONLY.map((id) => [id, 501] as const), ...NOT_FOUND.map((id) => [id, 404] as const)]);

/** The status and message for an operation this server does not offer, or undefined if it is merely unbuilt. */
export function unavailable(operationId: string): { status: 404 | 501; message: string } | undefined {
  const status = STATUS.get(operationId);
  return status === undefined
    ? undefined
    : { status, message: `${operationId} is not available on this self-hosted server: it needs GitBook's cloud services` };
}
