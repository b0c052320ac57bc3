// Git objects read straight from the object database (v2 packs and loose objects) with Node's native zlib, for the
// history walk: it reads thousands of commits and trees, and isomorphic-git's JavaScript inflate costs about a
// millisecond each. Whatever this cannot read (another pack format, an object elsewhere) is read by isomorphic-git.
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { applyDelta } from './delta.js';

export interface GitObject {
  type: string;
  body: Buffer;
}

interface Pack {
  idx: Buffer;
  count: number;
  fd: number;
  /** The whole pack when it is small enough to hold: one read instead of two per object. */
  data: Buffer | null;
  /** Objects read, by offset. */
  objects: Map<number, GitObject>;
}

const TYPES = ['', 'commit', 'tree', 'blob', 'tag'];
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Objects kept by pack offset, so the bases of delta chains are inflated once (bytes). */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Larger packs are read object by object. */
const HOLD_PACK_BYTES = 64 * 1024 * 1024;
/** The walk reads commits and trees only: an object larger than this is damaged or hostile, not read. */
export const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

export class ObjectReader {
  private packs: Pack[] | null = null;
  private cached = 0;

  constructor(private readonly gitdir: string) {}

  /** The object, or null when it is in none of the packs and not loose. Throws on a damaged object. */
  read(oid: string): GitObject | null {
    for (const pack of (this.packs ??= openPacks(this.gitdir))) {
      const offset = findOffset(pack, oid);
      if (offset !== null) return this.readAt(pack, offset);
    }
    return this.loose(oid);
  }

  close(): void {
    for (const pack of this.packs?.splice(0) ?? []) closeSync(pack.fd);
  }

  private readAt(pack: Pack, offset: number): GitObject {
    const hit = pack.objects.get(offset);
    if (hit) return hit;
    const head = slice(pack, offset, 64);
    let c = head[0]!;
    const kind = (c >> 4) & 7;
    let size = c & 15;
    let p = 1;
    for (let shift = 4; c & 0x80; shift += 7) {
      c = head[p++]!;
      size += (c & 0x7f) * 2 ** shift;
    }
    let base: GitObject | null = null;
    if (kind === OFS_DELTA) {
      c = head[p++]!;
      let back = c & 0x7f;
      while (c & 0x80) {
        c = head[p++]!;
        back = (back + 1) * 128 + (c & 0x7f);
      }
      base = this.readAt(pack, offset - back);
    } else if (kind === REF_DELTA) {
      base = this.read(head.toString('hex', p, p + 20));
      p += 20;
      if (!base) throw new Error(`the delta base of the object at ${offset} is missing`);
    }
    if (size > MAX_OBJECT_BYTES) throw new Error(`the object at ${offset} claims ${size} bytes; commits and trees are never that large`);
    // A deflated stream is never much longer than its data; inflate stops at its end. The output is made its size.
    const data = inflateSync(slice(pack, offset + p, size + (size >> 9) + 64), { chunkSize: Math.max(64, size) });
    if (data.length !== size) throw new Error(`the object at ${offset} has ${data.length} bytes, not ${size}`);
    const object = base ? { type: base.type, body: applyDelta(base.body, data) } : { type: TYPES[kind] ?? '', body: data };
    this.remember(pack, offset, object);
    return object;
  }

  private loose(oid: string): GitObject | null {
    let raw: Buffer;
    try {
      raw = readFileSync(join(this.gitdir, 'objects', oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    const data = inflateSync(raw, { maxOutputLength: MAX_OBJECT_BYTES });
    const nul = data.indexOf(0);
    return { type: data.toString('latin1', 0, data.indexOf(32)), body: data.subarray(nul + 1) };
  }

  private remember(pack: Pack, offset: number, object: GitObject): void {
    pack.objects.set(offset, object);
    this.cached += object.body.length;
    if (this.cached <= CACHE_BYTES) return;
    for (const { objects } of this.packs ?? []) objects.clear();
    this.cached = 0;
  }
}

/** The v2 packs of the object database (another index version is left to isomorphic-git). */
function openPacks(gitdir: string): Pack[] {
  const dir = join(gitdir, 'objects', 'pack');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.idx'));
  } catch {
    // no packs
  }
  return names.flatMap((name) => {
    try {
      return [openPack(join(dir, name))];
    } catch {
      return []; // unreadable: its objects are read by isomorphic-git, or are missing
    }
  });
}

function openPack(idxFile: string): Pack {
  const idx = readFileSync(idxFile);
  if (idx.length < 8 + 256 * 4 || idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) throw new Error('not a v2 pack index');
  const count = idx.readUInt32BE(8 + 255 * 4);
  if (idx.length < 8 + 256 * 4 + count * 28) throw new Error('a truncated pack index');
  const fd = openSync(idxFile.replace(/\.idx$/, '.pack'), 'r');
  const size = fstatSync(fd).size;
  return { idx, count, fd, data: size <= HOLD_PACK_BYTES ? bytes(fd, 0, size) : null, objects: new Map() };
}

/** The pack offset of `oid` (hex) from the pack's v2 index, or null. */
function findOffset(pack: Pack, oid: string): number | null {
  const { idx, count } = pack;
  const first = hexByte(oid, 0);
  let lo = first === 0 ? 0 : idx.readUInt32BE(8 + (first - 1) * 4);
  let hi = idx.readUInt32BE(8 + first * 4);
  const oids = 8 + 256 * 4;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const cmp = compareOid(idx, oids + mid * 20, oid);
    if (cmp === 0) {
      const small = idx.readUInt32BE(oids + count * 24 + mid * 4);
      if (!(small & 0x80000000)) return small;
      return Number(idx.readBigUInt64BE(oids + count * 28 + (small & 0x7fffffff) * 8));
    }
    if (cmp < 0) lo = mid + 1;
    else hi = mid;
  }
  return null;
}

/** The byte at `i` of a hex oid. */
function hexByte(oid: string, i: number): number {
  return (HEX[oid.charCodeAt(i * 2)]! << 4) | HEX[oid.charCodeAt(i * 2 + 1)]!;
}

const HEX = new Uint8Array(128);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = HEX['0123456789ABCDEF'.charCodeAt(i)] = i;

/** The 20 bytes at `at` against a hex oid, in a loop (most differ in their first byte or two). */
function compareOid(bytes: Buffer, at: number, oid: string): number {
  for (let i = 0; i < 20; i++) {
    const d = bytes[at + i]! - hexByte(oid, i);
    if (d !== 0) return d;
  }
  return 0;
}

function slice(pack: Pack, position: number, length: number): Buffer {
  return pack.data ? pack.data.subarray(position, position + length) : bytes(pack.fd, position, length);
}

function bytes(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  return buffer.subarray(0, readSync(fd, buffer, 0, length, position));
}
