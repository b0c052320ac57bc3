import { createHash } from 'node:crypto';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { TokenRecord, UserRecord } from '../../model/index.js';
import type { UserRepo } from '../users.js';

/** Tokens are random 256-bit secrets, so a fast hash is enough to keep them unreadable at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SqlUserRepo implements Queries<UserRepo> {
  private readonly userRows: Table<UserRecord>;
  private readonly tokenRows: Table<TokenRecord>;

  constructor() {
    // Emails are kept lower-case: one address, one user, however it is typed.
    this.userRows = new Table<UserRecord>('users', {
      fields: { photoURL: 'photo_url' },
      codecs: { email: { read: String, write: (email) => email.toLowerCase() } },
    });
    this.tokenRows = new Table<TokenRecord>('tokens', { omit: ['hash'] });
  }

  *get(id: string): Query<UserRecord | undefined> {
    return yield* this.userRows.one('SELECT * FROM users WHERE id = ?', id);
  }

  *byEmail(email: string): Query<UserRecord | undefined> {
    return yield* this.userRows.one('SELECT * FROM users WHERE email = ?', email.toLowerCase());
  }

  *insert(u: UserRecord): Query<void> {
    yield* this.userRows.insert(u);
  }

  *update(u: UserRecord): Query<void> {
    yield* sql.run('UPDATE users SET display_name = ?, photo_url = ? WHERE id = ?', u.displayName, u.photoURL, u.id);
  }

  *insertToken(t: TokenRecord, secret: string): Query<void> {
    yield* this.tokenRows.insert(t, '', { hash: hashToken(secret) });
  }

  *userIdForToken(secret: string): Query<string | undefined> {
    return (yield* sql.get<{ user_id: string }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(secret)))?.user_id;
  }

  *tokensOf(userId: string): Query<TokenRecord[]> {
    // Never the hash: what a token list shows cannot be used to sign in.
    return yield* this.tokenRows.many('SELECT id, user_id, label, created_at FROM tokens WHERE user_id = ? ORDER BY created_at', userId);
  }
}
