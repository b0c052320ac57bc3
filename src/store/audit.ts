import type { AuditEventRecord } from '../model/audit.js';

/** What a list of audit events is narrowed to: exact values, and a time range (both ends included). */
export interface AuditFilter {
  organizationId: string;
  action?: string;
  actorId?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** The audit log: one row per recorded write, listed newest first, paged in SQL by (occurred_at, id). */
export interface AuditRepo {
  insert(e: AuditEventRecord): Promise<void>;
  get(organizationId: string, id: string): Promise<AuditEventRecord | undefined>;
  /** One page of the events matching `filter`, newest first, after the sort key `after`; plus the count of matches. */
  list(filter: AuditFilter, page: { after?: [string, string]; limit: number }): Promise<{ items: AuditEventRecord[]; count: number; more: boolean }>;
  /** Removes the events that occurred before `before` (of every organization); resolves to how many. */
  deleteBefore(before: string): Promise<number>;
}
