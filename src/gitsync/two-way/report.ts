// What a two-way sync did, for people (text) and scripts (--json).
import type { MergeConflict } from '../../domain/merge.js';
import type { RevisionContent } from '../../store/index.js';
import type { SyncReport } from '../import.js';
import type { SyncAction } from './decide.js';
import type { ConflictPolicy, Side } from './policy.js';

/** Where the losing version of a conflict is kept: a revision of the space, and for git's version its commit. */
export interface KeptVersion {
  side: Side;
  revisionId: string | null;
  commit: string | null;
}

export interface ConflictEntry extends MergeConflict {
  /** The side whose version was kept; null when the policy is `fail` and nothing changed. */
  winner: Side | null;
  /** The version that lost (with `fail`: the space's and git's, both untouched). */
  kept: KeptVersion[];
}

export interface TwoWayReport extends SyncReport {
  action: SyncAction | 'change-request';
  policy: ConflictPolicy;
  /** The commit written to the repository, or null when none was. */
  commit: string | null;
  /** The repository paths that commit wrote and removed. */
  written: string[];
  removed: string[];
  conflicts: ConflictEntry[];
  /** True when conflicts stopped the sync (policy `fail`): nothing changed on either side. */
  failed: boolean;
  /** The change request a branch other than the main ref was synced into. */
  changeRequest?: { id: string; number: number; created: boolean };
}

/** Pages added, changed and removed from one content to the next. */
export function pageCounts(before: RevisionContent, after: RevisionContent): Pick<TwoWayReport, 'pagesAdded' | 'pagesChanged' | 'pagesRemoved'> {
  const old = new Map<string, string>(before.pages.map((p) => [p.id, JSON.stringify(p)]));
  let pagesAdded = 0;
  let pagesChanged = 0;
  for (const page of after.pages) {
    const was = old.get(page.id);
    if (was === undefined) pagesAdded++;
    else if (was !== JSON.stringify(page)) pagesChanged++;
    old.delete(page.id);
  }
  return { pagesAdded, pagesChanged, pagesRemoved: old.size };
}

export function conflictEntries(conflicts: readonly MergeConflict[], winner: Side | null, kept: KeptVersion[]): ConflictEntry[] {
  return conflicts.map((c) => ({ ...c, winner, kept }));
}

export function describeTwoWay(report: TwoWayReport): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const head =
    `Synced ${report.space.title}: ${n(report.pagesAdded, 'page')} added, ${report.pagesChanged} changed, ${report.pagesRemoved} removed; ` +
    `${n(report.files, 'file')}; ${n(report.warnings.length, 'warning')}`;
  const did: string[] = [];
  if (report.action === 'export' || report.action === 'merge') did.push(report.action === 'merge' ? 'merged both sides' : 'exported the space');
  if (report.commit) did.push(`commit ${report.commit.slice(0, 7)}`);
  if (report.changeRequest) did.push(`change request #${report.changeRequest.number} ${report.changeRequest.created ? 'opened' : 'updated'}`);
  if (report.conflicts.length) did.push(n(report.conflicts.length, 'conflict'));
  const unchanged = report.revisionId === null && report.commit === null && !report.failed;
  let text = `${head}${did.length ? `; ${did.join('; ')}` : ''}${unchanged && report.action !== 'change-request' ? ' (no changes)' : ''}\n`;
  for (const c of report.conflicts) {
    const what = `${c.kind} ${c.title ? `"${c.title}" ` : ''}(${c.id || 'top level'})`;
    const kept = c.kept.map((k) => [k.revisionId && `revision ${k.revisionId}`, k.commit && `commit ${k.commit.slice(0, 7)}`].filter(Boolean).join(', ')).join('; ');
    const outcome = c.winner ? `${c.winner} wins; the ${c.winner === 'git' ? 'space' : 'git'} version is kept in ${kept}` : `unresolved; both versions untouched (${kept})`;
    text += `  conflict: ${what}: ${c.reason}; ${outcome}\n`;
  }
  if (report.failed) text += `  stopped: ${n(report.conflicts.length, 'conflict')} under --conflict fail; nothing changed\n`;
  return text + report.warnings.map((w) => `  warning: ${w}\n`).join('');
}
