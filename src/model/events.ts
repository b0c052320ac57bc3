export interface EventRecord<T = unknown> {
  id: string;
  spaceId: string | null;
  type: string;
  payload: T;
  createdAt: string;
}
