import type { Store } from '../store/index.js';
import { ChangeRequests } from './change-requests.js';
import { type Clock, systemClock } from './clock.js';
import { Collections } from './collections.js';
import { Comments } from './comments.js';
import { Contents } from './content.js';
import { ContentWrites } from './content-writes.js';
import type { Deps } from './context.js';
import { allowedHosts, DEFAULT_FETCH_POLICY } from './fetch.js';
import { Jobs } from './jobs.js';
import { Organizations } from './organizations.js';
import { Permissions } from './permissions.js';
import { Sites } from './sites.js';
import { Spaces } from './spaces.js';
import { GitSync } from './sync.js';
import { Teams } from './teams.js';
import { Users } from './users.js';

export { Caller } from './context.js';
export * from './errors.js';
export type { Page, PageRequest } from './pagination.js';
export { DEFAULT_LIMIT, MAX_LIMIT } from './pagination.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export type { RoleName } from './roles.js';

export interface DomainOptions {
  clock?: Clock;
  /** Hosts outbound requests may reach even on loopback or private addresses (config `network.allowHosts`). */
  allowHosts?: readonly string[];
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
  readonly sites: Sites;

  constructor(store: Store, options: DomainOptions = {}) {
    this.deps = { store, clock: options.clock ?? systemClock };
    this.jobs = new Jobs(this.deps);
    this.users = new Users(this.deps);
    this.organizations = new Organizations(this.deps);
    this.collections = new Collections(this.deps, this.organizations, () => this.spaces);
    this.spaces = new Spaces(this.deps, this.organizations, this.collections, this.jobs);
    this.teams = new Teams(this.deps, this.organizations);
    this.permissions = new Permissions(this.deps, this.organizations, this.spaces, this.collections, this.teams);
    this.content = new Contents(this.deps, this.spaces, this.organizations);
    this.sync = new GitSync(this.deps);
    this.comments = new Comments(this.deps, this.spaces, this.content, () => this.changeRequests.find.bind(this.changeRequests));
    this.changeRequests = new ChangeRequests(this.deps, this.spaces, this.organizations, this.content, this.sync);
    const fetchPolicy = { ...DEFAULT_FETCH_POLICY, allowHosts: allowedHosts(options.allowHosts) };
    this.contentWrites = new ContentWrites(this.deps, this.spaces, this.changeRequests, this.sync, fetchPolicy);
    this.sites = new Sites(this.deps, this.organizations, this.spaces, this.content);
  }
}
