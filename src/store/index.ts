import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BlobStore, FileBlobStore, MemoryBlobStore } from './blobs.js';
import { ChangeRequestRepo } from './change-requests.js';
import { CommentRepo } from './comments.js';
import { ContentRepo } from './content.js';
import { Db } from './db.js';
import { copyDerived, ParsedBlobRepo, SearchRepo } from './derived.js';
import { EventRepo } from './events.js';
import { GitDatesRepo } from './git-dates.js';
import { GrantRepo } from './grants.js';
import { IntegrationRepo } from './integrations.js';
import { InviteRepo } from './invites.js';
import { JobRepo } from './jobs.js';
import { OpenAPIRepo } from './openapi.js';
import { OrganizationRepo } from './organizations.js';
import { RevisionRepo } from './revisions.js';
import { SecretBox } from './secrets.js';
import { SiteMcpServerRepo } from './site-mcp-servers.js';
import { SiteRepo } from './sites.js';
import { SsoRepo } from './sso.js';
import { TranslationRepo } from './translations.js';
import { UserRepo } from './users.js';

export * from './records.js';
export * from './revision-content.js';
export type * from './change-requests.js';
export type { SearchHit, SearchSectionInput } from './derived.js';
export type * from './comments.js';
export type * from './sites.js';
export type * from './integrations.js';
export type * from './invites.js';
export type * from './openapi.js';
export type * from './site-mcp-servers.js';
export type { SamlProviderRecord } from './sso.js';
export type * from './translations.js';
export type { EventRecord } from './events.js';
export { newId } from './ids.js';
export { gitBlobOid, type BlobStore } from './blobs.js';

/** The one entry to persistence: repositories over one database, plus the blob store. */
export class Store {
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
    this.organizations = new OrganizationRepo(db);
    this.users = new UserRepo(db);
    this.content = new ContentRepo(db);
    this.grants = new GrantRepo(db);
    this.revisions = new RevisionRepo(db);
    this.jobs = new JobRepo(db);
    this.parsed = new ParsedBlobRepo(db);
    this.search = new SearchRepo(db);
    this.gitDates = new GitDatesRepo(db);
    this.comments = new CommentRepo(db);
    this.changeRequests = new ChangeRequestRepo(db);
    this.sites = new SiteRepo(db);
    this.events = new EventRepo(db);
    this.integrations = new IntegrationRepo(db);
    this.invites = new InviteRepo(db);
    this.mcpServers = new SiteMcpServerRepo(db);
    this.openapi = new OpenAPIRepo(db);
    this.translations = new TranslationRepo(db);
    this.sso = new SsoRepo(db);
  }

  /** The embedded default: SQLite (WAL) and blob files under `dir`. */
  static open(dir: string): Store {
    return new Store(Db.open(dir), new FileBlobStore(join(dir, 'blobs')), new SecretBox(join(dir, 'secret.key')));
  }

  static memory(): Store {
    return new Store(Db.memory(), new MemoryBlobStore(), new SecretBox(null));
  }

  /**
   * Copies the parse records (and their search sections) of the store under `dir`, if there is one, into this
   * store: a scratch store then re-parses none of the pages that store had. False when there was nothing to copy
   * or it could not be read (an older or broken store): the copy is a shortcut, never needed.
   */
  seedDerived(dir: string, version: number): boolean {
    const file = join(dir, 'quire.db');
    if (!existsSync(file)) return false;
    try {
      copyDerived(this.db, file, version);
      return true;
    } catch {
      return false;
    }
  }

  /** Runs `fn` as one transaction: all its writes land, or none do. */
  tx<T>(fn: () => T): T {
    return this.db.tx(fn);
  }

  /** Changes whenever the stored data may have: equal versions mean equal reads. */
  stateVersion(): string {
    return this.db.stateVersion();
  }

  /** Every row of every table: two equal snapshots mean nothing changed. */
  snapshot(): Record<string, unknown[]> {
    return this.db.snapshot();
  }

  get schemaVersion(): number {
    return this.db.schemaVersion;
  }

  close(): void {
    this.db.close();
  }
}
