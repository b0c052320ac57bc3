// An OpenAPI document's text (JSON or YAML) to a value, with the line and column of a syntax error, and JSON pointers
// back to lines of the text.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

export type SpecFormat = 'json' | 'yaml';

export type ParsedText = { ok: true; value: unknown; format: SpecFormat } | { ok: false; message: string; line?: number; column?: number };

const looksLikeJson = (text: string) => /^\s*[{[]/.test(text);

/** JSON first (fast); YAML, a superset of JSON, for the rest and for JSON that JSON.parse refuses. */
export function parseSpecText(text: string): ParsedText {
  const json = looksLikeJson(text);
  if (json) {
    try {
      return { ok: true, value: JSON.parse(text), format: 'json' };
    } catch {
      // YAML reads what JSON.parse refused, or says where it breaks.
    }
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const [start] = error.linePos ?? [];
    return {
      ok: false,
      message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
      ...(start ? { line: start.line, column: start.col } : {}),
    };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }), format: json ? 'json' : 'yaml' };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/** `/paths/~1pets/get` -> ['paths', '/pets', 'get']. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Line and column (1-based) of what a JSON pointer names in the text, or of its nearest existing parent. */
export function locatePointers(text: string, pointers: string[]): Map<string, { line: number; column: number }> {
  const found = new Map<string, { line: number; column: number }>();
  if (!pointers.length) return found;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
  if (doc.errors.length) return found;
  for (const pointer of pointers) {
    let node: unknown = doc.contents;
    let at: number | undefined = (node as Node | null)?.range?.[0];
    for (const segment of pointerSegments(pointer)) {
      let next: unknown;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === segment);
        if (pair) {
          at = (pair.key as Node).range?.[0] ?? at;
          next = pair.value;
        }
      } else if (isSeq(node)) {
        next = node.items[Number(segment)];
        at = (next as Node | undefined)?.range?.[0] ?? at;
      }
      if (next === undefined) break;
      node = next;
    }
    if (at !== undefined) {
      const pos = lines.linePos(at);
      found.set(pointer, { line: pos.line, column: pos.col });
    }
  }
  return found;
}
