import type { AuditRepo } from './audit.js';
import type { BlobStore } from './blobs.js';
import type { ChangeRequestRepo } from './change-requests.js';
import type { CommentRepo } from './comments.js';
import type { ContentRepo } from './content.js';
import type { ParsedBlobRepo, SearchRepo } from './derived.js';
import type { EventRepo } from './events.js';
import type { GitDatesRepo } from './git-dates.js';
import type { GrantRepo } from './grants.js';
import type { IntegrationRepo } from './integrations.js';
import type { InviteRepo } from './invites.js';
import type { JobRepo } from './jobs.js';
import type { OpenAPIRepo } from './openapi.js';
import type { OrganizationRepo } from './organizations.js';
import type { RevisionRepo } from './revisions.js';
import type { SecretBox } from './secrets.js';
import type { SiteChannelRepo, SiteExternalLinkRepo } from './site-links-channels.js';
import type { SiteFeedbackRepo } from './site-feedback.js';
import type { SiteMcpServerRepo } from './site-mcp-servers.js';
import type { ImportRepo } from './imports.js';
import type { SiteRepo } from './sites.js';
import type { SsoRepo } from './sso.js';
import type { TranslationRepo } from './translations.js';
import type { UserRepo } from './users.js';

/** A repository per resource, over one database: what every store has (SQL's are built in sql/repositories.ts). */
export interface Repositories {
  readonly organizations: OrganizationRepo;
  readonly users: UserRepo;
  readonly content: ContentRepo;
  readonly grants: GrantRepo;
  readonly revisions: RevisionRepo;
  readonly jobs: JobRepo;
  readonly parsed: ParsedBlobRepo;
  readonly search: SearchRepo;
  readonly gitDates: GitDatesRepo;
  readonly comments: CommentRepo;
  readonly changeRequests: ChangeRequestRepo;
  readonly sites: SiteRepo;
  readonly events: EventRepo;
  readonly integrations: IntegrationRepo;
  readonly invites: InviteRepo;
  readonly mcpServers: SiteMcpServerRepo;
  readonly externalLinks: SiteExternalLinkRepo;
  readonly channels: SiteChannelRepo;
  readonly openapi: OpenAPIRepo;
  readonly translations: TranslationRepo;
  readonly sso: SsoRepo;
  readonly audit: AuditRepo;
  readonly imports: ImportRepo;
  readonly feedback: SiteFeedbackRepo;
}

/** The one entry to persistence: a repository per resource over one database, the blob store and the secret box. */
export interface Store extends Repositories {
  readonly blobs: BlobStore;
  readonly secrets: SecretBox;
  readonly schemaVersion: number;

  /**
   * Copies the parse records (and their search sections) of the store under `dir`, if there is one, into this
   * store: a scratch store then re-parses none of the pages that store had. False when there was nothing to copy
   * or it could not be read (an older or broken store): the copy is a shortcut, never needed.
   */
  seedDerived(dir: string, version: number): Promise<boolean>;
  /** Runs `fn` as one transaction: all its writes land, or none do. */
  tx<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while no other caller holds `key` (in this process; on PostgreSQL, on any server): writers racing on
   * one pointer (a change request's revision) then queue instead of losing their compare-and-set over and over.
   * Not nested, and not inside a transaction. A wait longer than `waitMs` (default 60 s) throws `LockTimeout`.
   */
  exclusive<T>(key: string, fn: () => Promise<T>, options?: { waitMs?: number }): Promise<T>;
  /** Changes whenever the stored data may have: equal versions mean equal reads. */
  stateVersion(): Promise<string>;
  /** Every row of every table: two equal snapshots mean nothing changed. */
  snapshot(): Promise<Record<string, unknown[]>>;
  close(): Promise<void>;
}
