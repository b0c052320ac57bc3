import type { AuditActorType, AuditEventRecord, AuditSource } from '../../model/index.js';
import type { AuditFilter } from '../../store/index.js';
import { decodeCursor, encodeCursor } from '../comments/cursor.js';
import { DAY } from '../core/clock.js';
import type { Caller, Deps } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { Jobs } from '../core/jobs.js';
import type { Page } from '../core/pagination.js';
import type { Organizations } from '../organizations/organizations.js';
import { AUDIT_ACTIONS, type AuditAction } from './actions.js';
import { timeOrderedUuid } from './ids.js';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const AUDIT_PRUNE_JOB = 'audit.prune';
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export interface AuditActor {
  type: AuditActorType;
  id: string;
  label?: string;
}

export interface AuditTarget {
  type: string;
  id: string;
  label?: string;
}

/** One write to record. */
export interface AuditEntry {
  organizationId: string;
  action: AuditAction;
  actor: AuditActor;
  source: AuditSource;
  target: AuditTarget;
  payload?: Record<string, unknown>;
}

/** Who the command line records as the actor of what it writes on its own (`docs sync`). */
export const CLI_ACTOR: AuditActor = { type: 'system', id: 'docs-cli', label: 'docs command line' };

export interface AuditQuery {
  page?: string;
  limit?: number;
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

/** The actor of a caller's writes: its user, or the integration installation whose token it holds. */
export function actorOf(caller: Caller): AuditActor {
  const installation = caller.access.installation;
  if (installation) return { type: 'installation', id: installation.installationId, label: installation.integration };
  return { type: 'user', id: caller.user.id, label: caller.user.displayName };
}

/**
 * The audit log: every write to an organization (through the API, the command line), kept for `retentionDays` and
 * readable by the organization's admins. Expired events are removed by a daily job.
 */
export class AuditLog {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly jobs: Jobs,
    readonly retentionDays = DEFAULT_AUDIT_RETENTION_DAYS,
  ) {
    jobs.register(AUDIT_PRUNE_JOB, async () => {
      await this.prune();
      await this.scheduleRetention(new Date(this.deps.clock.now().getTime() + DAY));
    });
  }

  async record(entry: AuditEntry): Promise<AuditEventRecord> {
    const now = this.deps.clock.now();
    const event: AuditEventRecord = {
      id: timeOrderedUuid(now.getTime()),
      organizationId: entry.organizationId,
      occurredAt: now.toISOString(),
      action: entry.action,
      actorType: entry.actor.type,
      actorId: entry.actor.id,
      actorLabel: entry.actor.label ?? null,
      source: entry.source,
      targetType: entry.target.type,
      targetId: entry.target.id,
      targetLabel: entry.target.label ?? null,
      payload: entry.payload ?? {},
    };
    await this.deps.store.audit.insert(event);
    return event;
  }

  /** The organization's events, newest first; only its admins may read them. */
  async list(caller: Caller, organizationId: string, query: AuditQuery): Promise<Page<AuditEventRecord>> {
    await this.requireAdmin(caller, organizationId);
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw invalidInput(`limit: must be a whole number from 1 to ${MAX_LIMIT}`);
    const filter: AuditFilter = { organizationId };
    if (query.from !== undefined) filter.from = instant('from', query.from);
    if (query.to !== undefined) filter.to = instant('to', query.to);
    if (filter.from && filter.to && filter.from > filter.to) throw invalidInput('from: must not be later than to');
    if (query.action !== undefined) filter.action = query.action;
    if (query.actor !== undefined) filter.actorId = query.actor;
    if (query.target !== undefined) filter.targetId = query.target;
    const after = decodeCursor(query.page);
    const { items, count, more } = await this.deps.store.audit.list(filter, { ...(after ? { after } : {}), limit });
    const last = items[items.length - 1];
    return { items, count, ...(more && last ? { next: encodeCursor([last.occurredAt, last.id]) } : {}) };
  }

  async get(caller: Caller, organizationId: string, id: string): Promise<AuditEventRecord> {
    await this.requireAdmin(caller, organizationId);
    const event = await this.deps.store.audit.get(organizationId, id);
    if (!event) throw notFound(`No audit event ${id} in the organization ${organizationId}`);
    return event;
  }

  /** The actions the log records, with their labels. */
  async actions(caller: Caller, organizationId: string): Promise<{ id: string; label: string }[]> {
    await this.requireAdmin(caller, organizationId);
    return Object.entries(AUDIT_ACTIONS).map(([id, label]) => ({ id, label }));
  }

  /** Removes the events older than the retention; resolves to how many. */
  async prune(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - this.retentionDays * DAY).toISOString();
    return await this.deps.store.audit.deleteBefore(before);
  }

  /** Schedules the pruning job (one a day, whichever server runs it: its key is the day's). */
  async scheduleRetention(at = this.deps.clock.now()): Promise<void> {
    await this.jobs.schedule({ kind: AUDIT_PRUNE_JOB, payload: {}, runAt: at, dedupeKey: `${AUDIT_PRUNE_JOB}:${at.toISOString().slice(0, 10)}` });
  }

  private async requireAdmin(caller: Caller, organizationId: string): Promise<void> {
    await caller.access.requireOrganization(await this.organizations.find(organizationId), 'admin');
  }
}

/** A date-time of the query, as stored times are written (ISO 8601 in UTC, milliseconds). */
function instant(name: string, value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalidInput(`${name}: not a date-time (${value})`);
  return new Date(time).toISOString();
}
