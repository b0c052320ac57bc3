/**
 * A page's parsed body as the sync leaves it for site builds, packed: small to keep in this process, to store with the
 * page's parse record (a build in another process then parses no page the sync parsed), and to post to a render
 * worker. Its code blocks come first, as they are: a build sends them to the highlighter ahead of the render. Its
 * search sections and tree follow in one zlib stream (the sections repeat the tree's text), inflated by the render.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import type { Root } from 'mdast';
import type { SearchSectionInput } from '../model/index.js';

/** Fenced code blocks but diagrams, `[lang, code]` in order. */
export type CodeBlocks = Array<[lang: string | null, code: string]>;

export interface BodyParts {
  /** The body without positions. */
  tree: Root;
  /** Its search sections when a site render of it gives the same, else null. */
  sections: SearchSectionInput[] | null;
}

/** A packed body's code blocks, and the rest of it still packed (`unpackBody`). */
export interface PackedBody {
  code: CodeBlocks;
  packed: Uint8Array;
}

/**
 * Deflate's fastest level: a fifth of the JSON's size, at a tenth of the parse's time (a sync of 10,000 pages takes
 * about 2.5 s more of its parse workers; stored as JSON, the store grew four times as much and builds were no faster).
 */
const LEVEL = 1;
/** A page of 1 MB (the bound on its markdown) parses to JSON of a few times that: anything past this is not a body. */
const INFLATED = { maxOutputLength: 256 * 1024 * 1024 };

/**
 * The layout's version, its first byte: a body of another layout is not read (its page is parsed at its render).
 * What the layout holds is the parse's (`PARSED_PAGE_VERSION`).
 */
const FORMAT = 1;
const HEAD = 5;

/** `tree`: the body as JSON, without positions. Layout: `FORMAT`, u32 length of the code's JSON, that JSON, the zlib stream. */
export function packBody(tree: string, sections: SearchSectionInput[] | null, code: CodeBlocks): Uint8Array {
  const head = Buffer.from(JSON.stringify(code));
  const rest = deflateSync(`${JSON.stringify(sections)}\n${tree}`, { level: LEVEL });
  const packed = new Uint8Array(HEAD + head.length + rest.length);
  packed[0] = FORMAT;
  new DataView(packed.buffer).setUint32(1, head.length, true);
  packed.set(head, HEAD);
  packed.set(rest, HEAD + head.length);
  return packed;
}

/** The code blocks of a packed body, and the rest to unpack (a copy); throws on bytes `packBody` did not make. */
export function bodyCode(body: Uint8Array): PackedBody {
  const length = body.byteLength >= HEAD && body[0] === FORMAT ? new DataView(body.buffer, body.byteOffset + 1, 4).getUint32(0, true) : -1;
  if (length < 0 || HEAD + length > body.byteLength) throw new Error('not a packed page body');
  const code = JSON.parse(Buffer.from(body.buffer, body.byteOffset + HEAD, length).toString('utf8')) as unknown;
  const isBlock = (block: unknown) =>
    Array.isArray(block) && block.length === 2 && (block[0] === null || typeof block[0] === 'string') && typeof block[1] === 'string';
  if (!Array.isArray(code) || !code.every(isBlock)) throw new Error('not a packed page body');
  // A copy: the bytes a driver read may share their memory with other values, all of which a post would copy.
  return { code: code as CodeBlocks, packed: Uint8Array.prototype.slice.call(body, HEAD + length) };
}

/** The tree and sections of `PackedBody.packed`: fresh ones at each call. */
export function unpackBody(packed: Uint8Array): BodyParts {
  const text = inflateSync(packed, INFLATED).toString('utf8');
  const cut = text.indexOf('\n');
  if (cut < 0) throw new Error('not a packed page body');
  return { sections: JSON.parse(text.slice(0, cut)) as SearchSectionInput[] | null, tree: JSON.parse(text.slice(cut + 1)) as Root };
}
