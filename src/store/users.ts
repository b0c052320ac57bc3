import type { UserRecord, TokenRecord } from '../model/index.js';

export interface UserRepo {
  get(id: string): Promise<UserRecord | undefined>;
  byEmail(email: string): Promise<UserRecord | undefined>;
  insert(u: UserRecord): Promise<void>;
  update(u: UserRecord): Promise<void>;
  insertToken(t: TokenRecord, secret: string): Promise<void>;
  userIdForToken(secret: string): Promise<string | undefined>;
  tokensOf(userId: string): Promise<TokenRecord[]>;
}
