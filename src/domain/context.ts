import type { Store, UserRecord } from '../store/index.js';
import { Access } from './access.js';
import type { Clock } from './clock.js';

/** What every domain module needs: storage and the time. */
export interface Deps {
  store: Store;
  clock: Clock;
}

/** The authenticated identity behind one request. */
export class Caller {
  readonly access: Access;
  constructor(
    store: Store,
    readonly user: UserRecord,
  ) {
    this.access = new Access(store, user);
  }
}

export const nowIso = (deps: Deps): string => deps.clock.now().toISOString();
