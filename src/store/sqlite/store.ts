import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BlobStore, FileBlobStore, MemoryBlobStore } from '../blobs.js';
import type { Store } from '../store.js';
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
  readonly organizations: SqliteOrganizationRepo;
  readonly users: SqliteUserRepo;
  readonly content: SqliteContentRepo;
  readonly grants: SqliteGrantRepo;
  readonly revisions: SqliteRevisionRepo;
  readonly jobs: SqliteJobRepo;
  readonly parsed: SqliteParsedBlobRepo;
  readonly search: SqliteSearchRepo;
  readonly gitDates: SqliteGitDatesRepo;
  readonly comments: SqliteCommentRepo;
  readonly changeRequests: SqliteChangeRequestRepo;
  readonly sites: SqliteSiteRepo;
  readonly events: SqliteEventRepo;
  readonly integrations: SqliteIntegrationRepo;
  readonly invites: SqliteInviteRepo;
  readonly mcpServers: SqliteSiteMcpServerRepo;
  readonly openapi: SqliteOpenAPIRepo;
  readonly translations: SqliteTranslationRepo;
  readonly sso: SqliteSsoRepo;

  private constructor(
    private readonly db: Db,
    readonly blobs: BlobStore,
    readonly secrets: SecretBox,
  ) {
    this.organizations = new SqliteOrganizationRepo(db);
    this.users = new SqliteUserRepo(db);
    this.content = new SqliteContentRepo(db);
    this.grants = new SqliteGrantRepo(db);
    this.revisions = new SqliteRevisionRepo(db);
    this.jobs = new SqliteJobRepo(db);
    this.parsed = new SqliteParsedBlobRepo(db);
    this.search = new SqliteSearchRepo(db);
    this.gitDates = new SqliteGitDatesRepo(db);
    this.comments = new SqliteCommentRepo(db);
    this.changeRequests = new SqliteChangeRequestRepo(db);
    this.sites = new SqliteSiteRepo(db);
    this.events = new SqliteEventRepo(db);
    this.integrations = new SqliteIntegrationRepo(db);
    this.invites = new SqliteInviteRepo(db);
    this.mcpServers = new SqliteSiteMcpServerRepo(db);
    this.openapi = new SqliteOpenAPIRepo(db);
    this.translations = new SqliteTranslationRepo(db);
    this.sso = new SqliteSsoRepo(db);
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
