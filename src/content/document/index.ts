/**
 * mdast (with GitBook's block nodes) <-> GitBook document JSON (`format=document`). Pure functions.
 *
 * toDocument maps every node it can to the spec's blocks, checks each mapping by reading it back (a soft and a
 * hard line break read the same: the document has one kind), and keeps anything without a document form as an
 * escape block (`code` with `data.markdown`, its lines showing the same markdown; edited lines are applied).
 * Writing the markdown again against the page's file keeps the bytes of whatever did not change.
 */
import type { JSONDocument } from '@gitbook/api';
import type { Root } from 'mdast';
import { gitbookSyntax } from '../markdown/syntax.js';
import { parsePageFile, serializePageFile } from '../page-file.js';
import { documentToRoot, rootToDocument } from './convert.js';
import type { DocRoot, DocumentOptions } from './types.js';

export type { DocumentOptions } from './types.js';

export function toDocument(root: Root, options: DocumentOptions = {}): JSONDocument {
  const doc = rootToDocument(root, { ...options, syntax: gitbookSyntax });
  // Blank lines around the body are kept; the page title (titleHeading) is page metadata, not content.
  const { titleHeading: _title, ...layout } = root.data ?? {};
  if (Object.keys(layout).length > 0) doc.data.root = layout;
  return doc as unknown as JSONDocument;
}

export function fromDocument(doc: JSONDocument, options: DocumentOptions = {}): Root {
  const root = documentToRoot(doc as unknown as DocRoot, { ...options, syntax: gitbookSyntax });
  const layout = (doc.data as Record<string, unknown> | undefined)?.root;
  if (layout && typeof layout === 'object') root.data = { ...(layout as Root['data']) };
  return root;
}

/**
 * A page file through the document and back: frontmatter and the `# Title` line are page metadata and
 * stay as they are; the body goes mdast -> document -> mdast before the file is written again, against the
 * file (what reads the same keeps its bytes) or, with `serializerOnly`, by the markdown writer alone.
 */
export function documentRoundTrip(text: string, options: DocumentOptions = {}, serializerOnly = false): string {
  const page = parsePageFile(text);
  const doc = toDocument(page.body, options);
  const body = fromDocument(doc, options);
  const title = page.body.data?.titleHeading;
  if (title) body.data = { ...body.data, titleHeading: title };
  return serializePageFile({ ...page, body }, serializerOnly ? undefined : page);
}
