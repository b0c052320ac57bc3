// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../src/content/markdown/index.js';
import { parsePageFile } from '../../src/content/page-file.js';
import { type ParsedBlob, parsePage } from '../../src/content/page-parse.js';
import { bodyCode, packBody, unpackBody } from '../../src/content/parsed-body.js';
import { PARSED_PAGE_VERSION } from '../../src/content/parsed-page.js';
import { ALL_CORPORA, corpusPath, listFiles } from './structure/corpus.js';
import digests from './parsed-page-digests.json' with { type: 'json' };

const pages = ALL_CORPORA.flatMap((corpus) => listFiles(corpus, (path) => path.endsWith('.md')).map((path) => ({ corpus, path })));
const parse = ({ corpus, path }: (typeof pages)[number]): ParsedBlob =>
  parsePage({ oid: `${corpus}/${path}`, path, spaceRoot: '', bytes: readFileSync(corpusPath(corpus, path)) });
const withoutPositions = (key: string, value: unknown) => (key === 'position' ? undefined : value);

describe('a packed page body', () => {
  it('unpacks to the tree a parse of the page gives, with its code blocks, on every page of the corpora', () => {
    let withCode = 0;
    let withSections = 0;
    for (const page of pages) {
      const parsed = parse(page);
      if (!parsed.body) {
        expect(parsed.data.warnings.length, page.path).toBeGreaterThan(0);
        continue;
      }
      const { code: packedCode, packed } = bodyCode(parsed.body);
      const ahead = { code: packedCode, ...unpackBody(packed) };
      const text = readFileSync(corpusPath(page.corpus, page.path), 'utf8');
      const tree = parsePageFile(text, { parse: readMarkdown }).body;
      expect(ahead.tree, page.path).toEqual(JSON.parse(JSON.stringify(tree, withoutPositions)));
      const code: Array<[string | null, string]> = [];
      visit(tree, 'code', (node) => void (node.lang !== 'mermaid' && code.push([node.lang ?? null, node.value])));
      expect(ahead.code, page.path).toEqual(code);
      if (ahead.code.length) withCode++;
      if (ahead.sections) {
        expect(ahead.sections, page.path).toEqual(parsed.sections);
        withSections++;
      }
    }
    expect(pages.length).toBeGreaterThan(600);
    expect(withCode).toBeGreaterThan(100);
    expect(withSections).toBeGreaterThan(pages.length / 2);
  });

  it('is refused when its bytes are not a packed body', () => {
    const packed = packBody('{"type":"root","children":[]}', null, [['js', 'let x;']]);
    const { code, packed: rest } = bodyCode(packed);
    expect(code).toEqual([['js', 'let x;']]);
    expect(unpackBody(rest)).toEqual({ tree: { type: 'root', children: [] }, sections: null });
    const notCode = Buffer.concat([Buffer.from([1, 7, 0, 0, 0]), Buffer.from('{"a":1}x')]);
    const otherFormat = Uint8Array.from(packed, (byte, i) => (i === 0 ? 2 : byte));
    const notLang = packBody('{}', null, [[7 as unknown as string, 'x']]);
    for (const bytes of [
      new Uint8Array(0),
      new Uint8Array([1, 2]),
      packed.subarray(0, 10),
      Buffer.from('{"type":"root"}'),
      Uint8Array.from([255, 255, 255, 127, 0]),
      notCode,
      otherFormat,
      notLang,
    ]) {
      expect(() => bodyCode(bytes)).toThrow();
    }
    expect(() => unpackBody(rest.subarray(3))).toThrow();
    expect(() => unpackBody(Buffer.from('not zlib'))).toThrow();
  });
});

describe(`PARSED_PAGE_VERSION (${PARSED_PAGE_VERSION})`, () => {
  // Parse records and parsed bodies are stored by this version: a build renders a body stored by an earlier
  // release. What the parse gives of the corpora is recorded here per version, so a change to it cannot land
  // without a new version (which has the stores parse their pages again).
  it('names what the parse gives: a change to the parse records or bodies comes with a new version', () => {
    const hash = createHash('sha256');
    for (const page of pages) {
      const { data, sections, body } = parse(page);
      const packed = body ? bodyCode(body) : null;
      hash.update(JSON.stringify([page.path, data, sections, packed && { code: packed.code, ...unpackBody(packed.packed) }]));
    }
    const recorded = digests as Record<string, string>;
    const digest = hash.digest('hex');
    expect(
      recorded[PARSED_PAGE_VERSION],
      `the parse of the corpora changed: raise PARSED_PAGE_VERSION (src/content/parsed-page.ts) and record ${digest} for it in ` +
        'test/content/parsed-page-digests.json (when only the corpora changed, record it for the same version)',
    ).toBe(digest);
    expect(new Set(Object.values(recorded)).size, 'each version names its own parse').toBe(Object.keys(recorded).length);
  });
});
