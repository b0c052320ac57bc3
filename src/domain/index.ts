import type { Store } from '../store/index.js';
import { AuditLog } from './audit/audit.js';
import { ChangeRequests } from './change-requests/change-requests.js';
import { type Clock, systemClock } from './core/clock.js';
import { Collections } from './collections/collections.js';
import { Comments } from './comments/comments.js';
import { Contents } from './content/content.js';
import { ContentWrites } from './content-writes/content-writes.js';
import { ImportRuns } from './content-writes/import-runs.js';
import type { Deps } from './core/context.js';
import { allowedHosts, DEFAULT_FETCH_POLICY } from './core/fetch.js';
import { type EmbedOptions, Embeds } from './embeds/embeds.js';
import type { ImportOptions } from './imports/settings.js';
import { Integrations } from './integrations/integrations.js';
import { Invites } from './invites/invites.js';
import { Jobs, type JobsOptions } from './core/jobs.js';
import { MemberSpaces } from './spaces/member-spaces.js';
import { ComputedContent } from './openapi/computed.js';
import { OpenAPISpecs } from './openapi/openapi.js';
import { OrganizationSearch } from './organizations/search.js';
import { Organizations } from './organizations/organizations.js';
import { Permissions } from './permissions/permissions.js';
import { Sites } from './sites/sites.js';
import { Spaces } from './spaces/spaces.js';
import { Sso } from './sso/sso.js';
import { Subdomains } from './organizations/subdomains.js';
import { GitSync } from './git-sync/git-sync.js';
import { Teams } from './teams/teams.js';
import { type TranslationConfig, Translations } from './translations/translations.js';
import { UrlResolvers } from './urls/url-resolvers.js';
import { Users } from './users/users.js';

export { Caller } from './core/context.js';
export * from './core/errors.js';
/** A write that waited too long for another writer of the same record (the store's `exclusive`). */
export { LockTimeout } from '../store/index.js';
export type { Page, PageRequest } from './core/pagination.js';
export { DEFAULT_LIMIT, MAX_LIMIT } from './core/pagination.js';
export { ManualClock, systemClock, type Clock } from './core/clock.js';
export type { RoleName } from './core/roles.js';

export interface DomainOptions {
  clock?: Clock;
  /** Hosts outbound requests may reach even on loopback or private addresses (config `network.allowHosts`). */
  allowHosts?: readonly string[];
  /** Who translates the text of translation runs (config `translation`); default: copy. */
  translation?: TranslationConfig;
  /** Content imports: the `file:` folder, crawl pacing and bounds (config `imports`). */
  imports?: ImportOptions;
  jobs?: JobsOptions;
  /** How many days the audit log keeps an event (config `server.auditRetentionDays`). */
  auditRetentionDays?: number;
  /** How long and how much of a page `getEmbedByUrl` reads. */
  embeds?: EmbedOptions;
}

/** Every business rule of Quire, over one store. Knows nothing of HTTP. */
export class Domain {
  readonly deps: Deps;
  readonly jobs: Jobs;
  readonly users: Users;
  readonly organizations: Organizations;
  readonly collections: Collections;
  readonly spaces: Spaces;
  readonly teams: Teams;
  readonly permissions: Permissions;
  readonly content: Contents;
  readonly comments: Comments;
  readonly sync: GitSync;
  readonly changeRequests: ChangeRequests;
  readonly contentWrites: ContentWrites;
  readonly importRuns: ImportRuns;
  readonly sites: Sites;
  readonly invites: Invites;
  readonly organizationSearch: OrganizationSearch;
  readonly translations: Translations;
  readonly integrations: Integrations;
  readonly openapi: OpenAPISpecs;
  /** Computed content of `builtin:openapi` sources. */
  readonly computed: ComputedContent;
  readonly sso: Sso;
  readonly subdomains: Subdomains;
  readonly urls: UrlResolvers;
  readonly memberSpaces: MemberSpaces;
  readonly audit: AuditLog;
  readonly embeds: Embeds;

  constructor(store: Store, options: DomainOptions = {}) {
    this.deps = { store, clock: options.clock ?? systemClock };
    this.jobs = new Jobs(this.deps, options.jobs);
    this.users = new Users(this.deps);
    this.organizations = new Organizations(this.deps);
    this.collections = new Collections(this.deps, this.organizations, () => this.spaces);
    this.spaces = new Spaces(this.deps, this.organizations, this.collections, this.jobs);
    this.teams = new Teams(this.deps, this.organizations);
    this.permissions = new Permissions(this.deps, this.organizations, this.spaces, this.collections, this.teams, () => this.sites.access);
    this.content = new Contents(this.deps, this.spaces, this.organizations);
    this.sync = new GitSync(this.deps);
    this.comments = new Comments(this.deps, this.spaces, this.content, () => this.changeRequests.find.bind(this.changeRequests));
    this.changeRequests = new ChangeRequests(this.deps, this.spaces, this.organizations, this.content, this.sync);
    const fetchPolicy = { ...DEFAULT_FETCH_POLICY, allowHosts: allowedHosts(options.allowHosts) };
    this.contentWrites = new ContentWrites(this.deps, this.spaces, this.changeRequests, this.sync, fetchPolicy, options.imports);
    this.importRuns = new ImportRuns(this.deps, this.organizations, this.spaces, this.changeRequests, this.contentWrites, this.jobs);
    this.sites = new Sites(this.deps, this.organizations, this.spaces, this.content);
    this.invites = new Invites(this.deps, this.organizations, this.spaces, this.collections, this.users);
    this.organizationSearch = new OrganizationSearch(this.deps, this.organizations, this.spaces, this.content);
    this.translations = new Translations(this.deps, this.organizations, this.spaces, this.jobs, this.sync, fetchPolicy, options.translation);
    this.integrations = new Integrations(this.deps, this.users, this.organizations, this.spaces, this.sites, this.jobs, fetchPolicy);
    this.openapi = new OpenAPISpecs(this.deps, this.organizations, this.jobs, fetchPolicy);
    this.computed = new ComputedContent(this.deps, this.spaces, this.openapi);
    this.sso = new Sso(this.deps, this.organizations, this.teams);
    this.subdomains = new Subdomains(this.deps);
    this.urls = new UrlResolvers(this.deps, this.collections, this.spaces, this.content, this.changeRequests, this.sites);
    this.memberSpaces = new MemberSpaces(this.deps, this.organizations, this.spaces);
    this.audit = new AuditLog(this.deps, this.organizations, this.jobs, options.auditRetentionDays);
    this.embeds = new Embeds(this.deps, this.spaces, fetchPolicy, options.embeds);
  }
}
