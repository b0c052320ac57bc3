import { createHash } from 'node:crypto';
import type { Db, Row, Sync } from './db.js';
import { optStr, str } from './codec.js';
import type { TokenRecord, UserRecord } from '../../model/index.js';
import type { UserRepo } from '../users.js';

const toUser = (r: Row): UserRecord => ({
  id: str(r.id),
  displayName: str(r.display_name),
  email: str(r.email),
  photoURL: optStr(r.photo_url),
  createdAt: str(r.created_at),
});

/** Tokens are random 256-bit secrets, so a fast hash is enough to keep them unreadable at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SqliteUserRepo implements Sync<UserRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): UserRecord | undefined {
    const row = this.db.get('SELECT * FROM users WHERE id = ?', id);
    return row && toUser(row);
  }

  byEmail(email: string): UserRecord | undefined {
    const row = this.db.get('SELECT * FROM users WHERE email = ?', email.toLowerCase());
    return row && toUser(row);
  }

  insert(u: UserRecord): void {
    this.db.run(
      'INSERT INTO users (id, display_name, email, photo_url, created_at) VALUES (?, ?, ?, ?, ?)',
      u.id,
      u.displayName,
      u.email.toLowerCase(),
      u.photoURL,
      u.createdAt,
    );
  }

  update(u: UserRecord): void {
    this.db.run('UPDATE users SET display_name = ?, photo_url = ? WHERE id = ?', u.displayName, u.photoURL, u.id);
  }

  insertToken(t: TokenRecord, secret: string): void {
    this.db.run('INSERT INTO tokens (id, user_id, hash, label, created_at) VALUES (?, ?, ?, ?, ?)', t.id, t.userId, hashToken(secret), t.label, t.createdAt);
  }

  userIdForToken(secret: string): string | undefined {
    return this.db.get<{ user_id: string }>('SELECT user_id FROM tokens WHERE hash = ?', hashToken(secret))?.user_id;
  }

  tokensOf(userId: string): TokenRecord[] {
    return this.db
      .all('SELECT id, user_id, label, created_at FROM tokens WHERE user_id = ? ORDER BY created_at', userId)
      .map((r) => ({ id: str(r.id), userId: str(r.user_id), label: str(r.label), createdAt: str(r.created_at) }));
  }
}
