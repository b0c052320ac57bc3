// What an export writes: the files of the pages, files, includes and variables that changed between the synced
// revision and the new one, SUMMARY.md when the structure changed, and the removal of files no longer used.
// Only space-side changes are written, so a file edited in git since the sync is never reverted by an export.
import { stringify as stringifyYaml } from 'yaml';
import { parsePageFile } from '../../content/page-file.js';
import { extractLinks } from '../../content/links.js';
import { dirname, joinPath } from '../../content/paths.js';
import type { ParsedPageData } from '../../content/parsed-page.js';
import { type DocumentPage, gitBlobOid, type RevisionContent, type RevisionPage } from '../../model/index.js';
import { type ExportPaths, exportPaths } from './paths.js';
import { pageBytes } from './page-bytes.js';
import { summaryText } from './summary.js';

export interface PlanInput {
  next: RevisionContent;
  /** The revision the repository was last synced with (empty when the space was never synced with it). */
  base: RevisionContent;
  layout: { root: string; readme: string; summary: string };
  /** The files present in the repository now (relative to the synced directory), with their blob oids. */
  tree: ReadonlyMap<string, string>;
  readBlob(oid: string): Promise<Uint8Array | undefined>;
  /** The bytes of the summary file the repository holds now, if any (its style is kept). */
  summary?: Uint8Array | undefined;
  /** Parse records of page blobs, where known (to find the pages linking to a moved page). */
  parsed(oids: readonly string[]): Promise<ReadonlyMap<string, ParsedPageData>>;
  force: boolean;
}

export interface Blob {
  oid: string;
  bytes: Uint8Array;
}

export interface ExportPlan {
  writes: Map<string, Blob>;
  removes: Set<string>;
  paths: ExportPaths;
  /** The blob each document page is exported as, by page id (its stored blob unless re-serialised). */
  pageBlobs: Map<string, Blob | string>;
  warnings: string[];
}

const EMPTY: RevisionContent = { pages: [], files: [], reusableContents: [], variables: {} };
export const emptyContent = (): RevisionContent => structuredClone(EMPTY);

export async function planExport(input: PlanInput): Promise<ExportPlan> {
  const { next, base, layout, tree } = input;
  const paths = exportPaths(next, base, layout, new Set(tree.keys()));
  const plan: ExportPlan = { writes: new Map(), removes: new Set(), paths, pageBlobs: new Map(), warnings: [...paths.warnings] };
  const write = (path: string, blob: Blob) => {
    if (tree.get(path) !== blob.oid) plan.writes.set(path, blob);
  };
  const stored = async (oid: string, what: string): Promise<Blob | undefined> => {
    const bytes = await input.readBlob(oid);
    if (!bytes) plan.warnings.push(`${what}: its bytes (${oid}) are not in the blob store; left as it is`);
    return bytes && { oid, bytes };
  };

  const basePages = new Map(base.pages.map((p) => [p.id, p]));
  const linking = await pagesLinkingToMoved(next.pages, paths, input);
  for (const page of next.pages) {
    if (page.kind !== 'document') continue;
    const path = paths.pages.get(page.id)!;
    const old = asDocument(basePages.get(page.id));
    const source = old?.git?.path ?? page.git?.path ?? path;
    const linksMoved = linking.has(page.id);
    const same = old !== undefined && source === path && !linksMoved && JSON.stringify(old) === JSON.stringify(page);
    if (same && !input.force) continue;
    const bytes = await stored(page.blob, `page "${page.title}"`);
    if (!bytes) continue;
    const out = pageBytes({ page, old, bytes: bytes.bytes, source, path, moved: paths.moved, linksMoved, root: layout.root, force: input.force });
    const blob = out ? { oid: gitBlobOid(out), bytes: out } : bytes;
    plan.pageBlobs.set(page.id, out ? blob : blob.oid);
    write(path, blob);
  }

  const baseFiles = new Map(base.files.map((f) => [f.id, f]));
  for (const file of next.files) {
    const path = paths.files.get(file.id)!;
    const old = baseFiles.get(file.id);
    if (file.blob === null || (old?.blob === file.blob && old.git?.path === path) || tree.get(path) === file.blob) continue;
    const blob = await stored(file.blob, `file ${file.name}`);
    if (blob) write(path, blob);
  }
  const baseIncludes = new Map(base.reusableContents.map((r) => [r.id, r]));
  for (const include of next.reusableContents) {
    const path = paths.includes.get(include.id)!;
    const old = baseIncludes.get(include.id);
    if ((old?.blob === include.blob && old.git?.path === path) || tree.get(path) === include.blob) continue;
    const blob = await stored(include.blob, `reusable content "${include.title}"`);
    if (blob) write(path, blob);
  }
  const used = new Set([...paths.pages.values(), ...paths.files.values(), ...paths.includes.values()]);
  for (const old of [...base.pages.map((p) => asDocument(p)?.git), ...base.files.map((f) => f.git), ...base.reusableContents.map((r) => r.git)]) {
    if (old && !used.has(old.path) && tree.has(old.path)) plan.removes.add(old.path);
  }
  planVariables(input, write, plan);
  planSummary(input, paths, write, plan);

  return plan;
}

/** The pages (not moved themselves) whose relative links point at a page file this export moves. */
async function pagesLinkingToMoved(pages: readonly RevisionPage[], paths: ExportPaths, input: PlanInput): Promise<Set<string>> {
  const linking = new Set<string>();
  if (paths.moved.size === 0) return linking;
  const documents = pages.flatMap((p) => (p.kind === 'document' ? [p] : []));
  const parsed = await input.parsed(documents.map((p) => p.blob));
  const movedTo = new Set(paths.moved.values());
  for (const page of documents) {
    const path = paths.pages.get(page.id)!;
    if (movedTo.has(path)) continue;
    const targets = parsed.get(page.blob)?.links.map((l) => l.target) ?? (await linkTargets(page, path, input));
    if (targets.some((t) => paths.moved.has(t))) linking.add(page.id);
  }
  return linking;
}

/** A page never parsed (written through the API and not indexed yet): its link targets, read from its bytes. */
async function linkTargets(page: DocumentPage, path: string, input: PlanInput): Promise<string[]> {
  const bytes = await input.readBlob(page.blob);
  if (!bytes) return [];
  const { body } = parsePageFile(new TextDecoder().decode(bytes));
  return extractLinks(body, path, { spaceRoot: input.layout.root }).map((l) => l.target);
}

/** `.gitbook/vars.yaml` follows the space variables when they changed. */
function planVariables(input: PlanInput, write: (path: string, blob: Blob) => void, plan: ExportPlan): void {
  if (JSON.stringify(input.next.variables) === JSON.stringify(input.base.variables)) return;
  const path = joinPath(input.layout.root, '.gitbook/vars.yaml')!;
  if (Object.keys(input.next.variables).length === 0) {
    if (input.tree.has(path)) plan.removes.add(path);
    return;
  }
  const bytes = new TextEncoder().encode(stringifyYaml(input.next.variables));
  write(path, { oid: gitBlobOid(bytes), bytes });
}

/** SUMMARY.md is written again only when the table of contents it would hold changed (or on a forced export). */
function planSummary(input: PlanInput, paths: ExportPaths, write: (path: string, blob: Blob) => void, plan: ExportPlan): void {
  const { summary } = input.layout;
  const dir = dirname(summary);
  const basePaths = new Map(input.base.pages.flatMap((p) => (p.kind === 'document' && p.git ? [[p.id, p.git.path] as const] : [])));
  const present = input.tree.has(summary);
  if (!input.force && present && input.base.pages.length > 0 && outline(input.next.pages, paths.pages) === outline(input.base.pages, basePaths)) return;
  if (!input.force && !present && plan.writes.size === 0 && plan.removes.size === 0) return;
  const text = summaryText(input.next.pages, dir, (id) => paths.pages.get(id));
  if (!input.force && present && input.base.pages.length > 0 && text === summaryText(input.base.pages, dir, (id) => basePaths.get(id))) return;
  const bytes = new TextEncoder().encode(keepStyle(text, input.summary && new TextDecoder().decode(input.summary)));
  write(summary, { oid: gitBlobOid(bytes), bytes });
}

/** GitBook wrote SUMMARY.md with a trailing blank line until 2022: a file written that way keeps it. */
function keepStyle(text: string, existing: string | undefined): string {
  return existing?.endsWith('\n\n') && text.endsWith('\n') && !text.endsWith('\n\n') ? `${text}\n` : text;
}

/** Everything of the page tree SUMMARY.md shows, as one string: equal strings, equal summaries. */
function outline(pages: readonly RevisionPage[], paths: ReadonlyMap<string, string>): string {
  return JSON.stringify(
    pages.map((p) => {
      const { id, kind, title, slug, parentId } = p;
      const extra =
        p.kind === 'document'
          ? [paths.get(id), p.linkTitle]
          : p.kind === 'link'
            ? [p.target]
            : p.kind === 'computed'
              ? [p.source, p.props, p.dependencies]
              : [];
      return [id, kind, title, slug, parentId, ...extra];
    }),
  );
}

const asDocument = (page: RevisionPage | undefined): DocumentPage | undefined => (page?.kind === 'document' ? page : undefined);
