import type { AuditRepo } from '../audit.js';
import type { ChangeRequestRepo } from '../change-requests.js';
import type { CommentRepo } from '../comments.js';
import type { ContentRepo } from '../content.js';
import type { ParsedBlobRepo, SearchRepo } from '../derived.js';
import type { EventRepo } from '../events.js';
import type { GitDatesRepo } from '../git-dates.js';
import type { GrantRepo } from '../grants.js';
import type { IntegrationRepo } from '../integrations.js';
import type { InviteRepo } from '../invites.js';
import type { JobRepo } from '../jobs.js';
import type { OpenAPIRepo } from '../openapi.js';
import type { OrganizationRepo } from '../organizations.js';
import type { RevisionRepo } from '../revisions.js';
import type { SiteChannelRepo, SiteExternalLinkRepo } from '../site-links-channels.js';
import type { SiteFeedbackRepo } from '../site-feedback.js';
import type { SiteMcpServerRepo } from '../site-mcp-servers.js';
import type { ImportRepo } from '../imports.js';
import type { SiteRepo } from '../sites.js';
import type { SsoRepo } from '../sso.js';
import type { TranslationRepo } from '../translations.js';
import type { UserRepo } from '../users.js';
import type { Repositories } from '../store.js';
import { SqlAuditRepo } from './audit.js';
import { SqlChangeRequestRepo } from './change-requests.js';
import { SqlCommentRepo } from './comments.js';
import { SqlContentRepo } from './content.js';
import { SqlParsedBlobRepo } from './parsed-blobs.js';
import { SqlEventRepo } from './events.js';
import { SqlGitDatesRepo } from './git-dates.js';
import { SqlGrantRepo } from './grants.js';
import { SqlIntegrationRepo } from './integrations.js';
import { SqlInviteRepo } from './invites.js';
import { SqlJobRepo } from './jobs.js';
import { SqlOpenAPIRepo } from './openapi.js';
import { SqlOrganizationRepo } from './organizations.js';
import { SqlRevisionRepo } from './revisions.js';
import { SqlSiteChannelRepo, SqlSiteExternalLinkRepo } from './site-links-channels.js';
import { SqlSiteFeedbackRepo } from './site-feedback.js';
import { SqlSiteMcpServerRepo } from './site-mcp-servers.js';
import { SqlImportRepo } from './imports.js';
import { SqlSiteRepo } from './sites.js';
import { SqlSsoRepo } from './sso.js';
import { SqlTranslationRepo } from './translations.js';
import { SqlUserRepo } from './users.js';
import type { Queries } from './query.js';
import type { SqlSearchRepo } from './search.js';

/** How a database makes a repository's queries asynchronous (and runs them in its transactions). */
type Guard = <R extends object>(repo: Queries<R>) => R;

/** Every repository of a store over SQL, each written once as queries and made asynchronous by the database's `guard`. */
function sqlRepositories(guard: Guard, search: SqlSearchRepo): Repositories {
  return {
    organizations: guard<OrganizationRepo>(new SqlOrganizationRepo()),
    users: guard<UserRepo>(new SqlUserRepo()),
    content: guard<ContentRepo>(new SqlContentRepo()),
    grants: guard<GrantRepo>(new SqlGrantRepo()),
    revisions: guard<RevisionRepo>(new SqlRevisionRepo()),
    jobs: guard<JobRepo>(new SqlJobRepo()),
    parsed: guard<ParsedBlobRepo>(new SqlParsedBlobRepo()),
    search: guard<SearchRepo>(search),
    gitDates: guard<GitDatesRepo>(new SqlGitDatesRepo()),
    comments: guard<CommentRepo>(new SqlCommentRepo()),
    changeRequests: guard<ChangeRequestRepo>(new SqlChangeRequestRepo()),
    sites: guard<SiteRepo>(new SqlSiteRepo()),
    events: guard<EventRepo>(new SqlEventRepo()),
    integrations: guard<IntegrationRepo>(new SqlIntegrationRepo()),
    invites: guard<InviteRepo>(new SqlInviteRepo()),
    mcpServers: guard<SiteMcpServerRepo>(new SqlSiteMcpServerRepo()),
    externalLinks: guard<SiteExternalLinkRepo>(new SqlSiteExternalLinkRepo()),
    channels: guard<SiteChannelRepo>(new SqlSiteChannelRepo()),
    openapi: guard<OpenAPIRepo>(new SqlOpenAPIRepo()),
    translations: guard<TranslationRepo>(new SqlTranslationRepo()),
    sso: guard<SsoRepo>(new SqlSsoRepo()),
    audit: guard<AuditRepo>(new SqlAuditRepo()),
    imports: guard<ImportRepo>(new SqlImportRepo()),
    feedback: guard<SiteFeedbackRepo>(new SqlSiteFeedbackRepo()),
  };
}

/** The base class of the SQL stores: the repositories of `sqlRepositories` as its own fields (declared by `Repositories`). */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor assigns every field (sqlRepositories returns a whole Repositories).
export abstract class SqlRepositories {
  constructor(guard: Guard, search: SqlSearchRepo) {
    Object.assign(this, sqlRepositories(guard, search));
  }
}
export interface SqlRepositories extends Repositories {}
