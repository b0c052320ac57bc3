/**
 * What a node says, as a string: two nodes with the same fingerprint hold the same content. Positions, document
 * keys and renderer hints are not content; a soft line break and a hard one are the same line break (the document
 * has one kind), so runs of text and breaks compare as one string.
 */
import type { Node } from 'unist';

const NOT_CONTENT = new Set(['position', 'children', 'data']);
/** Document keys, renderer hints, and how a node was written (a destination or a tag, as long as it says the same). */
const NOT_CONTENT_DATA = new Set(['key', 'hName', 'hProperties', 'hChildren', 'sourceDestination', 'sourceTag']);

const memo = new WeakMap<object, string>();

export function fingerprint(node: Node): string {
  const cached = memo.get(node);
  if (cached !== undefined) return cached;
  const record = node as unknown as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => !NOT_CONTENT.has(key) && record[key] !== undefined)
    .sort()
    .map((key) => `${key}=${JSON.stringify(record[key])}`);
  const data = record.data as Record<string, unknown> | undefined;
  if (data) {
    const kept = Object.keys(data).filter((key) => !NOT_CONTENT_DATA.has(key) && data[key] !== undefined).sort();
    if (kept.length) fields.push(`data=${JSON.stringify(kept.map((key) => [key, data[key]]))}`);
  }
  const children = record.children as Node[] | undefined;
  const out = children ? `${fields.join(',')}[${childPrints(children).join(',')}]` : fields.join(',');
  memo.set(node, out);
  return out;
}

function childPrints(children: readonly Node[]): string[] {
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
    out.push(fingerprint(child));
  }
  if (text !== undefined) out.push(`"text"${JSON.stringify(text)}`);
  return out;
}

export const sameContent = (a: Node, b: Node): boolean => a === b || fingerprint(a) === fingerprint(b);
