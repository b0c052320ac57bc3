import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BlobStore, FileBlobStore, MemoryBlobStore } from '../blobs.js';
import type { Store } from '../store.js';
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
import type { SiteMcpServerRepo } from '../site-mcp-servers.js';
import type { SiteRepo } from '../sites.js';
import type { SsoRepo } from '../sso.js';
import type { TranslationRepo } from '../translations.js';
import type { UserRepo } from '../users.js';
import { SqliteChangeRequestRepo } from './change-requests.js';
import { SqliteCommentRepo } from './comments.js';
import { SqliteContentRepo } from './content.js';
import { Db } from './db.js';
import { copyDerived, SqliteParsedBlobRepo, SqliteSearchRepo } from './derived.js';
import { SqliteEventRepo } from './events.js';
import { SqliteGitDatesRepo } from './git-dates.js';
import { SqliteGrantRepo } from './grants.js';
import { SqliteIntegrationRepo } from './integrations.js';
import { SqliteInviteRepo } from './invites.js';
import { SqliteJobRepo } from './jobs.js';
import { SqliteOpenAPIRepo } from './openapi.js';
import { SqliteOrganizationRepo } from './organizations.js';
import { SqliteRevisionRepo } from './revisions.js';
import { SecretBox } from '../secrets.js';
import { SqliteSiteMcpServerRepo } from './site-mcp-servers.js';
import { SqliteSiteRepo } from './sites.js';
import { SqliteSsoRepo } from './sso.js';
import { SqliteTranslationRepo } from './translations.js';
import { SqliteUserRepo } from './users.js';

/** The embedded store: every repository over one SQLite database (WAL), blobs as files beside it. */
export class SqliteStore implements Store {
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
  readonly openapi: OpenAPIRepo;
  readonly translations: TranslationRepo;
  readonly sso: SsoRepo;

  private constructor(
    private readonly db: Db,
    readonly blobs: BlobStore,
    readonly secrets: SecretBox,
  ) {
    this.organizations = db.guard<OrganizationRepo>(new SqliteOrganizationRepo(db));
    this.users = db.guard<UserRepo>(new SqliteUserRepo(db));
    this.content = db.guard<ContentRepo>(new SqliteContentRepo(db));
    this.grants = db.guard<GrantRepo>(new SqliteGrantRepo(db));
    this.revisions = db.guard<RevisionRepo>(new SqliteRevisionRepo(db));
    this.jobs = db.guard<JobRepo>(new SqliteJobRepo(db));
    this.parsed = db.guard<ParsedBlobRepo>(new SqliteParsedBlobRepo(db));
    this.search = db.guard<SearchRepo>(new SqliteSearchRepo(db));
    this.gitDates = db.guard<GitDatesRepo>(new SqliteGitDatesRepo(db));
    this.comments = db.guard<CommentRepo>(new SqliteCommentRepo(db));
    this.changeRequests = db.guard<ChangeRequestRepo>(new SqliteChangeRequestRepo(db));
    this.sites = db.guard<SiteRepo>(new SqliteSiteRepo(db));
    this.events = db.guard<EventRepo>(new SqliteEventRepo(db));
    this.integrations = db.guard<IntegrationRepo>(new SqliteIntegrationRepo(db));
    this.invites = db.guard<InviteRepo>(new SqliteInviteRepo(db));
    this.mcpServers = db.guard<SiteMcpServerRepo>(new SqliteSiteMcpServerRepo(db));
    this.openapi = db.guard<OpenAPIRepo>(new SqliteOpenAPIRepo(db));
    this.translations = db.guard<TranslationRepo>(new SqliteTranslationRepo(db));
    this.sso = db.guard<SsoRepo>(new SqliteSsoRepo(db));
  }

  /** The embedded default: SQLite (WAL) and blob files under `dir`. */
  static open(dir: string): SqliteStore {
    return new SqliteStore(Db.open(dir), new FileBlobStore(join(dir, 'blobs')), new SecretBox(join(dir, 'secret.key')));
  }

  static memory(): SqliteStore {
    return new SqliteStore(Db.memory(), new MemoryBlobStore(), new SecretBox(null));
  }

  /**
   * Copies the parse records (and their search sections) of the store under `dir`, if there is one, into this
   * store: a scratch store then re-parses none of the pages that store had. False when there was nothing to copy
   * or it could not be read (an older or broken store): the copy is a shortcut, never needed.
   */
  async seedDerived(dir: string, version: number): Promise<boolean> {
    const file = join(dir, 'quire.db');
    if (!existsSync(file)) return false;
    return this.db.use(() => {
      try {
        copyDerived(this.db, file, version);
        return true;
      } catch {
        return false;
      }
    });
  }

  /** Runs `fn` as one transaction: all its writes land, or none do. */
  tx<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.tx(fn);
  }

  /** Changes whenever the stored data may have: equal versions mean equal reads. */
  stateVersion(): Promise<string> {
    return this.db.use(() => this.db.stateVersion());
  }

  /** Every row of every table: two equal snapshots mean nothing changed. */
  snapshot(): Promise<Record<string, unknown[]>> {
    return this.db.use(() => this.db.snapshot());
  }

  get schemaVersion(): number {
    return this.db.schemaVersion;
  }

  close(): Promise<void> {
    return this.db.closeWhenFree();
  }
}
