import type { CommentTarget, DocumentPage } from '../../model/index.js';
import type { Contents, JsonDocument, RevisionView } from '../content/content.js';
import { invalidInput } from '../core/errors.js';

/** Where a new comment is posted, as the API names it. */
export interface TargetInput {
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

/**
 * Checks that the page, block and table cell a comment points at exist in the revision, and keeps the
 * page's title and path so the comment still reads well once the page is gone.
 */
export async function resolveTarget(contents: Contents, view: RevisionView, input: TargetInput): Promise<CommentTarget> {
  if (input.page === undefined) {
    if (input.node !== undefined) throw invalidInput('node: give the page the block is in as `page`');
    if (input.tableCell !== undefined) throw invalidInput('tableCell: give the page the table is in as `page`');
    return {};
  }
  const page = view.index.pages.get(input.page);
  if (!page) throw invalidInput(`page: no page ${input.page} in the revision ${view.revision.id} of the space ${view.space.id}`);
  const target: CommentTarget = {
    page: {
      id: page.id,
      title: page.title,
      path: page.path,
      ...(page.kind === 'document' && page.emoji ? { emoji: page.emoji } : {}),
      ...(page.kind === 'document' && page.icon ? { icon: page.icon } : {}),
    },
  };
  if (input.node === undefined && input.tableCell === undefined) return target;
  if (page.kind !== 'document')
    throw invalidInput(`${input.node !== undefined ? 'node' : 'tableCell'}: the page ${page.id} is a ${page.kind} page, without content`);
  const document = await contents.pageDocument(view, page as DocumentPage, false);
  if (input.node !== undefined) {
    if (!findNode(document, (n) => n.key === input.node)) throw invalidInput(`node: no block ${input.node} in the page ${page.id}`);
    target.node = { id: input.node };
  }
  if (input.tableCell !== undefined) {
    const { record, definition } = input.tableCell;
    const table = findNode(document, (n) => n.type === 'table' && hasKey(n.data?.records, record) && hasKey(n.data?.definition, definition));
    if (!table) throw invalidInput(`tableCell: no table in the page ${page.id} has the record ${record} and the column ${definition}`);
    target.tableCell = { record, definition };
  }
  return target;
}

interface AnyNode {
  key?: string;
  type?: string;
  data?: Record<string, unknown>;
  nodes?: AnyNode[];
  fragments?: AnyNode[];
}

function findNode(document: JsonDocument, match: (node: AnyNode) => boolean): AnyNode | undefined {
  const stack: AnyNode[] = [...((document as { nodes: AnyNode[] }).nodes ?? [])];
  while (stack.length) {
    const node = stack.pop()!;
    if (match(node)) return node;
    stack.push(...(node.nodes ?? []), ...(node.fragments ?? []));
  }
  return undefined;
}

const hasKey = (value: unknown, key: string): boolean => typeof value === 'object' && value !== null && Object.hasOwn(value, key);
