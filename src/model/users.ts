/** Users and their API tokens. */
export interface UserRecord {
  id: string;
  displayName: string;
  email: string;
  photoURL: string | null;
  createdAt: string;
}

export interface TokenRecord {
  id: string;
  userId: string;
  label: string;
  createdAt: string;
}
