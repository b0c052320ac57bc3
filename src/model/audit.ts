/** Who made a recorded change: a user, an integration installation, or the system itself (the command line, a job). */
export type AuditActorType = 'user' | 'integration' | 'installation' | 'system' | 'support';
/** Where a recorded change came from: the API (`api`), the command line (`script`), a job (`workflow`). */
export type AuditSource = 'ui' | 'api' | 'integration' | 'webhook' | 'workflow' | 'script' | 'support';

/** One write to an organization, as the audit log keeps it: never changed, removed once older than the retention. */
export interface AuditEventRecord {
  /** A UUID whose leading bits are its time: ids of one process sort in the order they were made. */
  id: string;
  organizationId: string;
  occurredAt: string;
  action: string;
  actorType: AuditActorType;
  actorId: string;
  actorLabel: string | null;
  source: AuditSource;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  /** Details of the action: the ids of the resources around the target, the operation that made it. */
  payload: Record<string, unknown>;
}
