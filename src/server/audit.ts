import type { AuditAction } from '../domain/audit/actions.js';
import { actorOf } from '../domain/audit/audit.js';
import type { Caller, Domain } from '../domain/index.js';
import type { Result } from './handler.js';
import type { Operation } from './openapi.js';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What a write through the API records in its organization's audit log: its action, and what it changed when that is
 * not the resource its path names last (`body:<type>`: the resource the answer holds, which the write created); `done`:
 * whether a 2xx answer says the write happened (a merge answers 200 with conflicts, changing nothing).
 */
type Audited = readonly [action: AuditAction, target?: `body:${string}` | `param:${string}`, done?: (body: Record<string, unknown> | undefined) => boolean];

const withoutConflicts = (body: Record<string, unknown> | undefined) => body?.result !== 'conflicts';

export const AUDITED: Readonly<Record<string, Audited>> = {
  updateOrganizationById: ['organization.settings.updated'],
  updateMemberInOrganizationById: ['organization.member.updated'],
  removeMemberFromOrganizationById: ['organization.member.removed'],
  setUserAsSSOMemberForOrganization: ['organization.member.sso-updated'],
  joinOrganization: ['organization.member.joined'],
  joinOrganizationWithInvite: ['organization.member.joined', 'param:organizationId'],
  inviteUsersToOrganization: ['organization.invite.created'],
  createOrganizationInvite: ['organization.link-invite.created', 'body:organization-invite'],
  updateOrganizationInviteById: ['organization.link-invite.updated'],
  deleteOrganizationInviteById: ['organization.link-invite.deleted'],
  createOrganizationTeam: ['organization.team.created', 'body:team'],
  updateTeamInOrganizationById: ['organization.team.updated'],
  removeTeamFromOrganizationById: ['organization.team.deleted'],
  updateMembersInOrganizationTeam: ['organization.team.member-updated'],
  addMemberToOrganizationTeamById: ['organization.team.member-added'],
  deleteMemberFromOrganizationTeamById: ['organization.team.member-removed'],
  createOrganizationSAMLProvider: ['organization.saml-provider.created', 'body:saml-provider'],
  updateOrganizationSAMLProvider: ['organization.saml-provider.updated'],
  deleteOrganizationSAMLProvider: ['organization.saml-provider.deleted'],
  updateGlossaryEntries: ['organization.glossary.updated'],
  createCollection: ['collection.created', 'body:collection'],
  updateCollectionById: ['collection.updated'],
  deleteCollectionById: ['collection.deleted'],
  moveCollection: ['collection.moved'],
  transferCollection: ['collection.transferred'],
  inviteToCollection: ['collection.permission.added'],
  updateTeamPermissionInCollection: ['collection.permission.updated'],
  removeTeamFromCollection: ['collection.permission.removed'],
  updateUserPermissionInCollection: ['collection.permission.updated'],
  removeUserFromCollection: ['collection.permission.removed'],
  createSpace: ['space.created', 'body:space'],
  updateSpaceById: ['space.updated'],
  deleteSpaceById: ['space.deleted'],
  restoreSpace: ['space.restored'],
  duplicateSpace: ['space.duplicated', 'body:space'],
  moveSpace: ['space.moved'],
  transferSpace: ['space.transferred'],
  inviteToSpace: ['space.permission.added'],
  updateTeamPermissionInSpace: ['space.permission.updated'],
  removeTeamFromSpace: ['space.permission.removed'],
  updateUserPermissionInSpace: ['space.permission.updated'],
  removeUserFromSpace: ['space.permission.removed'],
  importContent: ['space.content.imported'],
  importContentInPageById: ['space.content.imported'],
  applyTemplateToSpace: ['space.template.applied'],
  importGitRepository: ['space.git.imported'],
  exportToGitRepository: ['space.git.exported'],
  postCommentInSpace: ['space.comment.created', 'body:comment'],
  updateCommentInSpace: ['space.comment.updated'],
  deleteCommentInSpace: ['space.comment.deleted'],
  postCommentReplyInSpace: ['space.comment.created', 'body:comment-reply'],
  updateCommentReplyInSpace: ['space.comment.updated'],
  deleteCommentReplyInSpace: ['space.comment.deleted'],
  createChangeRequest: ['change-request.created', 'body:change-request'],
  updateChangeRequestById: ['change-request.updated'],
  mergeChangeRequest: ['change-request.merged', undefined, withoutConflicts],
  updateChangeRequest: ['change-request.rebased', undefined, withoutConflicts],
  updateChangeRequestContent: ['change-request.content.updated'],
  importContentInChangeRequest: ['change-request.content.imported'],
  importContentInChangeRequestPageById: ['change-request.content.imported', 'param:changeRequestId'],
  submitChangeRequestReview: ['change-request.review.submitted', 'param:changeRequestId'],
  requestReviewersForChangeRequest: ['change-request.reviewers.requested'],
  removeRequestedReviewerFromChangeRequest: ['change-request.reviewer.removed'],
  postCommentInChangeRequest: ['space.comment.created', 'body:comment'],
  updateCommentInChangeRequest: ['space.comment.updated'],
  deleteCommentInChangeRequest: ['space.comment.deleted'],
  postCommentReplyInChangeRequest: ['space.comment.created', 'body:comment-reply'],
  updateCommentReplyInChangeRequest: ['space.comment.updated'],
  deleteCommentReplyInChangeRequest: ['space.comment.deleted'],
  createSite: ['site.created', 'body:site'],
  updateSiteById: ['site.updated'],
  deleteSiteById: ['site.deleted'],
  publishSite: ['site.published'],
  unpublishSite: ['site.unpublished'],
  updateSiteCustomizationById: ['site.customization.updated'],
  sortSiteStructure: ['site.structure.updated'],
  updateSiteAdaptiveSchema: ['site.adaptive-schema.updated'],
  updateSitePublishingAuthById: ['site.publishing-auth.updated'],
  regenerateSitePublishingAuthById: ['site.publishing-auth.regenerated'],
  createSiteShareLink: ['site.share-link.created', 'body:site-share-link'],
  updateSiteShareLinkById: ['site.share-link.updated'],
  deleteSiteShareLinkById: ['site.share-link.deleted'],
  addSpaceToSite: ['site.space.added', 'body:site-space'],
  updateSiteSpaceById: ['site.space.updated'],
  deleteSiteSpaceById: ['site.space.removed'],
  moveSiteSpace: ['site.space.moved'],
  overrideSiteSpaceCustomizationById: ['site.space.customization.updated'],
  deleteSiteSpaceCustomizationById: ['site.space.customization.deleted'],
  addSectionToSite: ['site.section.created', 'body:site-section'],
  addSectionToGroup: ['site.section-group.updated'],
  removeSectionFromGroup: ['site.section-group.updated', 'param:siteSectionGroupId'],
  updateSiteSectionById: ['site.section.updated'],
  deleteSiteSectionById: ['site.section.deleted'],
  moveSiteSection: ['site.section.moved'],
  addSectionGroupToSite: ['site.section-group.created', 'body:site-section-group'],
  updateSiteSectionGroupById: ['site.section-group.updated'],
  deleteSiteSectionGroupById: ['site.section-group.deleted'],
  moveSiteSectionGroup: ['site.section-group.moved'],
  createSiteRedirect: ['site.redirect.created', 'body:site-redirect'],
  updateSiteRedirectById: ['site.redirect.updated'],
  deleteSiteRedirectById: ['site.redirect.deleted'],
  createSiteMcpServer: ['site.mcp-server.created', 'body:site-mcp-server'],
  updateSiteMcpServerById: ['site.mcp-server.updated'],
  deleteSiteMcpServerById: ['site.mcp-server.deleted'],
  createOpenAPISpec: ['openapi-spec.created', 'body:openapi-spec'],
  createOrUpdateOpenAPISpecBySlug: ['openapi-spec.updated'],
  updateOpenAPISpecBySlug: ['openapi-spec.updated'],
  deleteOpenAPISpecBySlug: ['openapi-spec.deleted'],
  createTranslation: ['translation.created', 'body:translation'],
  updateTranslation: ['translation.updated'],
  deleteTranslation: ['translation.deleted'],
  runTranslation: ['translation.run'],
  publishIntegration: ['integration.published'],
  unpublishIntegration: ['integration.unpublished'],
  setIntegrationDevelopmentMode: ['integration.development-mode.updated'],
  disableIntegrationDevelopmentMode: ['integration.development-mode.updated'],
  installIntegration: ['integration.installed', 'body:integration-installation'],
  updateIntegrationInstallation: ['integration.installation.updated'],
  uninstallIntegration: ['integration.uninstalled'],
  createIntegrationInstallationToken: ['integration.token.created', 'param:installationId'],
  installIntegrationOnSpace: ['integration.space.installed', 'param:installationId'],
  updateIntegrationSpaceInstallation: ['integration.space.updated'],
  uninstallIntegrationFromSpace: ['integration.space.uninstalled'],
  installIntegrationOnSite: ['integration.site.installed', 'param:installationId'],
  updateIntegrationSiteInstallation: ['integration.site.updated'],
  uninstallIntegrationFromSite: ['integration.site.uninstalled'],
  // Operations of the 0.202.0 contract, recorded as soon as they have a handler.
  createOrganization: ['organization.created', 'body:organization'],
  updateOrganizationAgentInstructions: ['organization.agent-instructions.updated'],
  startImportRun: ['organization.import-run.started', 'body:import-run'],
  cancelImportRun: ['organization.import-run.cancelled'],
  updateChangeRequestConversation: ['change-request.conversation.updated'],
  deleteChangeRequestConversation: ['change-request.conversation.deleted'],
  addExternalLinkToSite: ['site.external-link.created', 'body:site-external-link'],
  updateSiteExternalLinkById: ['site.external-link.updated'],
  deleteSiteExternalLinkById: ['site.external-link.deleted'],
  bulkUpsertSiteRedirects: ['site.redirects.upserted'],
  createSiteChannel: ['site.channel.created', 'body:site-channel'],
  updateSiteChannelById: ['site.channel.updated'],
  deleteSiteChannelById: ['site.channel.deleted'],
  inviteToSite: ['site.permission.added'],
  updateUserPermissionInSite: ['site.permission.updated'],
  removeUserFromSite: ['site.permission.removed'],
  updateTeamPermissionInSite: ['site.permission.updated'],
  removeTeamFromSite: ['site.permission.removed'],
  applyTemplateToSite: ['site.template.applied'],
  duplicateSiteSpace: ['site.space.duplicated', 'body:site-space'],
};

/** Writes the audit log leaves out, each with its reason. */
export const NOT_AUDITED: Readonly<Record<string, string>> = {
  updateUserById: "a user's own profile: no organization's resource",
  updateOrganizationMemberLastSeenAt: "a member's presence: changes no setting or content",
  searchSiteContent: 'a search sent as POST: reads only',
  resolvePublishedContentByUrl: 'a URL resolved, sent as POST: reads only',
  getComputedDocument: 'a document computed from its source, sent as POST: reads only',
  getComputedRevision: 'a revision computed from its source, sent as POST: reads only',
  prewarmSiteSearch: "warms the site's search index: changes no content or setting",
  trackEventsInSiteById: "a site's visitors' events (page feedback): no member's change, and no organization's setting",
  aggregateSiteEvents: 'a query of site events sent as POST: reads only',
};

/** The kind of resource each path parameter names. */
const PARAM_TYPES: Readonly<Record<string, string>> = {
  organizationId: 'organization',
  spaceId: 'space',
  collectionId: 'collection',
  changeRequestId: 'change-request',
  commentId: 'comment',
  commentReplyId: 'comment-reply',
  pageId: 'page',
  siteId: 'site',
  siteSpaceId: 'site-space',
  siteSectionId: 'site-section',
  siteSectionGroupId: 'site-section-group',
  siteRedirectId: 'site-redirect',
  shareLinkId: 'site-share-link',
  siteMcpServerId: 'site-mcp-server',
  teamId: 'team',
  userId: 'user',
  inviteId: 'organization-invite',
  samlProviderId: 'saml-provider',
  specSlug: 'openapi-spec',
  translationId: 'translation',
  integrationName: 'integration',
  installationId: 'integration-installation',
  siteExternalLinkId: 'site-external-link',
  siteChannelId: 'site-channel',
  importRunId: 'import-run',
  conversationId: 'change-request-conversation',
};

const typeOfParam = (name: string) => PARAM_TYPES[name] ?? name.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Whether a method changes something: every such operation is audited, or named in NOT_AUDITED. */
export const isWrite = (operation: Pick<Operation, 'method'>) => operation.method !== 'get';

const RECORD_ATTEMPTS = 3;

/**
 * Records the writes of the API in the audit log, from the route layer: it knows the operation, the caller, the path
 * and the status. The organization is read before the write (a delete may remove what names it); the event is recorded
 * once the write answered 2xx (but a delete of nothing, 204), so a failed write records nothing. An event the store
 * refuses three times goes to the server's log instead, whole.
 */
export class WriteAudit {
  constructor(private readonly domain: Domain) {}

  /** For a write that is audited: the organization it belongs to, read now; undefined for the rest. */
  async before(operation: Operation, params: Record<string, string>): Promise<{ organizationId?: string } | undefined> {
    if (!isWrite(operation) || Object.hasOwn(NOT_AUDITED, operation.operationId)) return undefined;
    const organizationId = await this.organizationOf(params);
    return organizationId ? { organizationId } : {};
  }

  async after(
    operation: Operation,
    params: Record<string, string>,
    caller: Caller,
    result: Result,
    before: { organizationId?: string },
    log: Pick<FastifyBaseLogger, 'error'>,
  ): Promise<void> {
    if (result.status < 200 || result.status >= 300 || (operation.method === 'delete' && result.status === 204)) return;
    const [action, targetRule, done] = AUDITED[operation.operationId] ?? (['api.write'] as const);
    const body = isObject(result.body) ? result.body : undefined;
    if (done && !done(body)) return;
    const target = targetOf(operation, params, targetRule, body);
    const organizationId = before.organizationId ?? (target?.type === 'organization' ? target.id : undefined);
    if (!organizationId || !target) return;
    const event = {
      organizationId,
      action,
      actor: actorOf(caller),
      source: caller.access.installation ? ('integration' as const) : ('api' as const),
      target,
      payload: { operation: operation.operationId, ...params },
    };
    // The write has landed: its answer stands. A 500 now would have the client send it again, and double it.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.domain.audit.record(event);
        return;
      } catch (error) {
        if (attempt < RECORD_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          continue;
        }
        log.error({ err: error, auditEvent: event }, `audit log: the ${action} of ${target.type} ${target.id} was not recorded`);
        return;
      }
    }
  }

  private async organizationOf(params: Record<string, string>): Promise<string | undefined> {
    const { store } = this.domain.deps;
    if (params.organizationId) return params.organizationId;
    if (params.spaceId) return (await store.content.space(params.spaceId))?.organizationId;
    if (params.collectionId) return (await store.content.collection(params.collectionId))?.organizationId;
    if (params.installationId) return (await store.integrations.installation(params.installationId))?.organizationId;
    if (params.integrationName) return (await store.integrations.get(params.integrationName))?.organizationId;
    return undefined;
  }
}

function targetOf(
  operation: Operation,
  params: Record<string, string>,
  rule: Audited[1],
  body: Record<string, unknown> | undefined,
): { type: string; id: string; label?: string } | undefined {
  let type: string | undefined;
  let id: string | undefined;
  if (rule?.startsWith('body:') && typeof body?.id === 'string') {
    type = rule.slice('body:'.length);
    id = body.id;
  } else {
    const name = rule?.startsWith('param:') ? rule.slice('param:'.length) : lastParam(operation);
    if (name && params[name]) {
      type = typeOfParam(name);
      id = params[name];
    }
  }
  if (!type || !id) return undefined;
  const label = body && body.id === id ? [body.title, body.name, body.subject, body.displayName].find((v) => typeof v === 'string') : undefined;
  return { type, id, ...(typeof label === 'string' && label ? { label } : {}) };
}

/** The path parameter named last: the resource the path addresses. */
function lastParam(operation: Operation): string | undefined {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
