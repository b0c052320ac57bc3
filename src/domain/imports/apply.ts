// An import plan -> one batch of content changes on a revision: the files first, then the pages in tree order,
// each under its parent, with the ids chosen up front so pages link to `/pages/<id>` and `/files/<id>` of the
// batch. Resources that could not be imported are listed on a hidden "Import report" page under the first one.
import { imageDimensions } from '../../content/file-kind.js';
import { type ApplyContext, type ApplyResult, applyChanges } from '../content-writes/apply-changes.js';
import type { ContentChange } from '../content-writes/changes.js';
import type { PreparedFile } from '../content-writes/files.js';
import { counts, type ImportPlan, type PlannedPage } from './plan.js';

export interface ImportTarget extends Omit<ApplyContext, 'files'> {
  source: { url: string; source: string };
  /** When set, the first top page of the plan becomes this page (its content), and the other top pages its children. */
  pageId?: string;
  now: string;
}

export async function applyPlan(plan: ImportPlan, target: ImportTarget): Promise<ApplyResult> {
  const fileIds = new Map(plan.files.map((f) => [f.key, target.newId()]));
  const pageIds = new Map(plan.pages.map((p) => [p.key, target.newId()]));
  const replaced = target.pageId === undefined ? undefined : plan.pages.find((p) => p.parent === null && !p.group);
  if (replaced) pageIds.set(replaced.key, target.pageId!);
  const resolve = (key: string) => {
    const file = fileIds.get(key);
    if (file !== undefined) return `/files/${file}`;
    const page = pageIds.get(key);
    return page === undefined ? undefined : `/pages/${page}`;
  };

  const changes: ContentChange[] = [];
  const prepared = new Map<number, PreparedFile[]>();
  if (plan.files.length > 0) {
    prepared.set(0, plan.files.map(preparedFile));
    changes.push({ operation: 'insert_files', files: [] });
  }
  const created: string[] = [];
  for (const page of plan.pages) {
    const document = { markdown: page.markdown(resolve) };
    if (page === replaced) {
      changes.push({ operation: 'update_page', page: target.pageId!, document });
      continue;
    }
    const id = pageIds.get(page.key)!;
    const into = page.parent === null ? target.pageId : pageIds.get(page.parent);
    changes.push({ operation: 'insert_page', document, ref: id, ...(into ? { into } : {}), ...(page.title ? { title: page.title } : {}) });
    created.push(id);
  }
  const report = reportPage(plan, target);
  if (report) {
    const id = target.newId();
    const top = plan.pages.find((p) => p.parent === null && !p.group) ?? plan.pages[0];
    const first = replaced ? target.pageId : top && pageIds.get(top.key);
    changes.push({ operation: 'insert_page', document: { markdown: report }, ref: id, hidden: true, ...(first ? { into: first } : {}) });
    created.push(id);
  }

  // The batch asks for an id per inserted file, then per inserted page, in order: it gets the ones chosen above.
  const ids = [...fileIds.values(), ...created];
  let next = 0;
  const result = await applyChanges({ ...target, files: prepared, newId: () => ids[next++] ?? target.newId() }, changes);
  const inserted = result.outcomes.filter((o) => o.object === 'created_page');
  if (result.insertedFiles.some((f, i) => f.id !== ids[i]) || inserted.some((o) => o.object === 'created_page' && o.ref !== o.page)) {
    throw new Error('import: the batch gave other ids than the ones the references were written with');
  }
  groupsAtRoot(result, plan.pages, pageIds);
  return result;
}

function preparedFile(file: ImportPlan['files'][number]): PreparedFile {
  const dimensions = imageDimensions(file.bytes, file.contentType);
  return { name: file.name, contentType: file.contentType, bytes: file.bytes, ...(dimensions ? { dimensions } : {}) };
}

/** SUMMARY groups at the root become group pages (deeper, a group can only be a page holding pages). */
function groupsAtRoot(result: ApplyResult, pages: readonly PlannedPage[], ids: ReadonlyMap<string, string>): void {
  const groups = new Set(pages.filter((p) => p.group).map((p) => ids.get(p.key)!));
  result.content.pages = result.content.pages.map((page) =>
    groups.has(page.id) && page.parentId === null
      ? { id: page.id, kind: 'group', title: page.title, slug: page.slug, path: page.path, parentId: null, hidden: page.hidden }
      : page,
  );
}

/** The page listing what was not imported, or null when everything was. */
function reportPage(plan: ImportPlan, target: ImportTarget): string | null {
  if (plan.failures.length === 0 && plan.skipped.length === 0) return null;
  const { importedResources, totalResources } = counts(plan);
  const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\s+/g, ' ')}\``;
  const url = target.source.url.startsWith('data:') ? 'a data: URL' : code(target.source.url);
  const lines = [
    '# Import report',
    '',
    `The ${target.source.source} import of ${url} on ${target.now} imported ${importedResources} of ${totalResources} resources.`,
  ];
  if (plan.failures.length > 0) {
    lines.push('', '## Not imported', '');
    for (const f of plan.failures) lines.push(`* ${code(f.resource)}: ${escapeText(f.reason)}`);
  }
  if (plan.skipped.length > 0) {
    lines.push('', '## Left out', '');
    for (const s of plan.skipped) lines.push(`* ${escapeText(s)}`);
  }
  return `${lines.join('\n')}\n`;
}

const escapeText = (text: string) => text.replace(/([\\`*_[\]<>{}|#])/g, '\\$1');
