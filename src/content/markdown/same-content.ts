/**
 * What a node says, as a string: two nodes with the same fingerprint hold the same content. Positions, document
 * keys and renderer hints are not content, nor is a field set to null rather than left out; a soft line break and a hard one are the same line break (the document
 * has one kind), so runs of text and breaks compare as one string.
 */
import type { Node } from 'unist';
import { canonicalHtmlTable } from '../blocks/table/html.js';
import { inlineElements } from './inline-html.js';

const NOT_CONTENT = new Set(['position', 'children', 'data']);
/** Document keys, renderer hints, and how a node was written (a destination or a tag, as long as it says the same). */
const NOT_CONTENT_DATA = new Set(['key', 'hName', 'hProperties', 'hChildren', 'sourceDestination', 'sourceTag']);

/**
 * `memo` holds the fingerprints computed so far by one comparison (a node's is part of its parent's); it lives no
 * longer than that, so a tree edited afterwards is never read from a stale fingerprint.
 */
export function fingerprint(node: Node, memo = new WeakMap<object, string>()): string {
  const cached = memo.get(node);
  if (cached !== undefined) return cached;
  const record = node as unknown as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => !NOT_CONTENT.has(key) && record[key] !== undefined && record[key] !== null)
    .sort()
    .map((key) => `${key}=${JSON.stringify(key === 'value' ? contentValue(record) : record[key])}`);
  const data = record.data as Record<string, unknown> | undefined;
  if (data) {
    const kept = Object.keys(data)
      .filter((key) => !NOT_CONTENT_DATA.has(key) && data[key] !== undefined)
      .sort();
    if (kept.length) fields.push(`data=${JSON.stringify(kept.map((key) => [key, data[key]]))}`);
  }
  const children = record.children as Node[] | undefined;
  const out = children ? `${fields.join(',')}[${childPrints(children, memo).join(',')}]` : fields.join(',');
  memo.set(node, out);
  return out;
}

function childPrints(children: readonly Node[], memo: WeakMap<object, string>): string[] {
  const out: string[] = [];
  let text: string | undefined;
  for (const child of children) {
    const value = child.type === 'text' ? (child as unknown as { value: string }).value : child.type === 'break' ? '\n' : undefined;
    if (value !== undefined) {
      text = (text ?? '') + value;
      continue;
    }
    if (text !== undefined) out.push(`"text"${JSON.stringify(text)}`);
    text = undefined;
    out.push(fingerprint(child, memo));
  }
  if (text !== undefined) out.push(`"text"${JSON.stringify(text)}`);
  return out;
}

/** Whether two nodes hold the same content (what `fingerprint` compares), walking both at once and stopping early. */
export function sameContent(a: Node, b: Node): boolean {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const key of Object.keys(x)) {
    if (NOT_CONTENT.has(key) || sameValue(x[key] ?? undefined, y[key] ?? undefined)) continue;
    if (key !== 'value' || x.type !== y.type || contentValue(x) !== contentValue(y)) return false;
  }
  for (const key of Object.keys(y)) if (!NOT_CONTENT.has(key) && (x[key] ?? undefined) === undefined && (y[key] ?? undefined) !== undefined) return false;
  if (!sameData(x.data as Record<string, unknown> | undefined, y.data as Record<string, unknown> | undefined)) return false;
  const left = x.children as Node[] | undefined;
  const right = y.children as Node[] | undefined;
  if (!left || !right) return left === right;
  if (left.length === right.length && !left.some((c) => c.type === 'text' || c.type === 'break')) {
    return left.every((child, i) => sameContent(child, right[i]!));
  }
  return sameRuns(left, right);
}

/**
 * A node's `value` as content. HTML says the same with an apostrophe as `'` or `&#x27;` (GitBook writes the latter),
 * and an HTML table is the table GitBook would write, however it was written (blocks/table/html.ts).
 */
function contentValue(record: Record<string, unknown>): unknown {
  const value = record.value;
  if ((record.type !== 'html' && record.type !== 'cards') || typeof value !== 'string') return value;
  const table = value.startsWith('<table') ? canonicalHtmlTable(value, inlineElements) : undefined;
  return (table ?? value).replaceAll('&#x27;', "'");
}

/** Children compared with runs of text and breaks as one string each. */
function sameRuns(left: readonly Node[], right: readonly Node[]): boolean {
  const a = runs(left);
  const b = runs(right);
  return (
    a.length === b.length && a.every((item, i) => (typeof item === 'string' ? item === b[i] : typeof b[i] !== 'string' && sameContent(item, b[i] as Node)))
  );
}

function runs(children: readonly Node[]): Array<string | Node> {
  const out: Array<string | Node> = [];
  for (const child of children) {
    const value = child.type === 'text' ? (child as unknown as { value: string }).value : child.type === 'break' ? '\n' : undefined;
    if (value === undefined) out.push(child);
    else if (typeof out[out.length - 1] === 'string') out[out.length - 1] += value;
    else out.push(value);
  }
  return out;
}

function sameData(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  for (const key of keys) if (!NOT_CONTENT_DATA.has(key) && !sameValue(a?.[key], b?.[key])) return false;
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => sameValue(x[key], y[key]));
}
