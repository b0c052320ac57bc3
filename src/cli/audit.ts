// What the command line writes on its own is recorded in the audit log, as the command line (a system actor).
import { CLI_ACTOR } from '../domain/audit/audit.js';
import type { Domain } from '../domain/index.js';
import type { ReconcileReport } from '../domain/sites/reconcile.js';
import type { SyncReport } from '../gitsync/import.js';
import type { TwoWayReport } from '../gitsync/two-way/report.js';

const SYNC_ACTIONS = {
  import: 'space.git.imported',
  export: 'space.git.exported',
  merge: 'space.git.synced',
} as const;

/** One event per space a sync changed (its revision, its repository or a change request); none for a space it left alone. */
export async function auditSync(domain: Domain, command: string, organizationId: string, reports: readonly TwoWayReport[]): Promise<void> {
  for (const r of reports) {
    if (r.failed || r.action === 'nothing' || (r.revisionId === null && r.commit === null)) continue;
    const details = { command, revision: r.revisionId, commit: r.commit, pagesAdded: r.pagesAdded, pagesChanged: r.pagesChanged, pagesRemoved: r.pagesRemoved };
    if (r.action !== 'change-request') {
      const target = { type: 'space', id: r.space.id, label: r.space.title };
      await domain.audit.record({ ...base(organizationId), action: SYNC_ACTIONS[r.action], target, payload: details });
    } else if (r.changeRequest) {
      const action = r.changeRequest.created ? 'change-request.created' : 'change-request.content.updated';
      const target = { type: 'change-request', id: r.changeRequest.id };
      await domain.audit.record({ ...base(organizationId), action, target, payload: { ...details, spaceId: r.space.id } });
    }
  }
}

/** One event per space an import changed (`docs watch --sync`), in the space's organization. */
export async function auditImports(domain: Domain, command: string, reports: readonly SyncReport[]): Promise<void> {
  for (const r of reports) {
    if (r.revisionId === null) continue;
    const space = await domain.deps.store.content.space(r.space.id);
    if (!space) continue;
    await domain.audit.record({
      ...base(space.organizationId),
      action: 'space.git.imported',
      target: { type: 'space', id: r.space.id, label: r.space.title },
      payload: { command, revision: r.revisionId, pagesAdded: r.pagesAdded, pagesChanged: r.pagesChanged, pagesRemoved: r.pagesRemoved },
    });
  }
}

/** One event per site of the config the command line created or changed. */
export async function auditSites(domain: Domain, organizationOf: (report: ReconcileReport) => string, reports: readonly ReconcileReport[]): Promise<void> {
  for (const r of reports) {
    if (!r.created && r.changes.length === 0) continue;
    await domain.audit.record({
      ...base(organizationOf(r)),
      action: r.created ? 'site.created' : 'site.updated',
      target: { type: 'site', id: r.siteId, label: r.title },
      payload: { command: 'docs sync', changes: r.changes },
    });
  }
}

const base = (organizationId: string) => ({ organizationId, actor: CLI_ACTOR, source: 'script' as const });
