import type { UserRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { Access, type InstallationGrant } from './access.js';
import type { Clock } from './clock.js';

/** What every domain module needs: storage and the time. */
export interface Deps {
  store: Store;
  clock: Clock;
}

/** The authenticated identity behind a request: one token's, shared by its requests while the store is unchanged. */
export class Caller {
  readonly access: Access;
  constructor(
    store: Store,
    readonly user: UserRecord,
    /** Set when the caller is an integration installation's token rather than a user's. */
    installation?: InstallationGrant,
  ) {
    this.access = new Access(store, user, installation);
  }
}

export const nowIso = (deps: Deps): string => deps.clock.now().toISOString();
