import type { UserRecord, TokenRecord } from '../model/index.js';

export interface UserRepo {
  get(id: string): UserRecord | undefined;
  byEmail(email: string): UserRecord | undefined;
  insert(u: UserRecord): void;
  update(u: UserRecord): void;
  insertToken(t: TokenRecord, secret: string): void;
  userIdForToken(secret: string): string | undefined;
  tokensOf(userId: string): TokenRecord[];
}
