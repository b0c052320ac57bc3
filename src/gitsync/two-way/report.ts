// What a two-way sync did, for people (text) and scripts (--json).
import type { MergeConflict } from '../../content/merge/merge.js';
import type { RevisionContent } from '../../model/index.js';
import type { BlobStore } from '../../store/index.js';
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
  /** The item's path in the repository (a page's, file's or include's), when it has one. */
  path: string | null;
  /** The git side's commit. */
  commit: string;
  /** The losing version's text (a page's markdown, a variable's value); null with no winner, or when it was removed or is not text. */
  losingText: string | null;
  /** The git blob oid of the losing version (its markdown or bytes), when it has one. */
  losingBlob: string | null;
}

/** Both sides of a merge, to describe what each conflict lost. */
export interface ConflictSides {
  commit: string;
  base: RevisionContent;
  space: RevisionContent;
  git: RevisionContent;
  blobs: Pick<BlobStore, 'get'>;
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

export async function conflictEntries(
  conflicts: readonly MergeConflict[],
  winner: Side | null,
  kept: KeptVersion[],
  sides: ConflictSides,
): Promise<ConflictEntry[]> {
  const loser = winner === null ? null : winner === 'git' ? sides.space : sides.git;
  return await Promise.all(
    conflicts.map(async (c) => ({
      ...c,
      winner,
      kept,
      path: pathOf(c, sides.git) ?? pathOf(c, sides.space) ?? pathOf(c, sides.base),
      commit: sides.commit,
      losingText: loser && (await textOf(c, loser, sides.blobs)),
      losingBlob: (loser && itemOf(c, loser)?.blob) ?? null,
    })),
  );
}

function itemOf(c: MergeConflict, content: RevisionContent): { blob: string | null; git: { path: string } | null } | undefined {
  if (c.kind === 'page') {
    const page = content.pages.find((p) => p.id === c.id);
    return page?.kind === 'document' ? page : undefined;
  }
  if (c.kind === 'file') return content.files.find((f) => f.id === c.id);
  if (c.kind === 'reusable-content') return content.reusableContents.find((r) => r.id === c.id);
  return undefined;
}

function pathOf(c: MergeConflict, content: RevisionContent): string | null {
  return itemOf(c, content)?.git?.path ?? null;
}

async function textOf(c: MergeConflict, content: RevisionContent, blobs: Pick<BlobStore, 'get'>): Promise<string | null> {
  if (c.kind === 'variable') return c.id in content.variables ? String(content.variables[c.id]) : null;
  if (c.kind === 'file') return null;
  const blob = itemOf(c, content)?.blob;
  const bytes = blob ? await blobs.get(blob) : undefined;
  return bytes ? Buffer.from(bytes).toString('utf8') : null;
}

/** The report for people; its warnings are left to `describeWarnings` when `warnings` is false (they go to stderr). */
export function describeTwoWay(report: TwoWayReport, { warnings = true } = {}): string {
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
    const kept = c.kept
      .map((k) => [k.revisionId && `revision ${k.revisionId}`, k.commit && `commit ${k.commit.slice(0, 7)}`].filter(Boolean).join(', '))
      .join('; ');
    const outcome = c.winner
      ? `${c.winner} wins; the ${c.winner === 'git' ? 'space' : 'git'} version is kept in ${kept}`
      : `unresolved; both versions untouched (${kept})`;
    text += `  conflict: ${what}: ${c.reason}; ${outcome}\n`;
  }
  if (report.failed) text += `  stopped: ${n(report.conflicts.length, 'conflict')} under --conflict fail; nothing changed\n`;
  return warnings ? text + describeWarnings(report) : text;
}

export function describeWarnings(report: TwoWayReport): string {
  return report.warnings.map((w) => `  warning: ${w}\n`).join('');
}
