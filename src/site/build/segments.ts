/**
 * A site space's pages in segments: runs of consecutive pages the build caches as one (their manifest entries, their
 * bytes in sitemap.xml and llms-full.txt). A run ends after a page whose entry key hashes to a multiple of `SPREAD`
 * (or at `MAX` pages), so the cuts depend on the pages next to them only: a page added, moved or removed changes its
 * own segment and leaves the others as they were, and a body edit rewrites one segment's share of the site-wide files.
 */
import { segmentId } from '../manifest.js';

/** Pages in a segment on average, at most. */
const SPREAD = 64;
const MAX = 256;

export function cutSegments<T extends { entryKey: string }>(pages: readonly T[]): Array<{ id: string; pages: T[] }> {
  const out: Array<{ id: string; pages: T[] }> = [];
  let run: T[] = [];
  const close = () => {
    if (run.length) out.push({ id: segmentId(run.map((p) => p.entryKey)), pages: run });
    run = [];
  };
  for (const page of pages) {
    run.push(page);
    if (fnv1a(page.entryKey) % SPREAD === 0 || run.length >= MAX) close();
  }
  close();
  return out;
}

/** 32-bit FNV-1a: quick, and the same in every build. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
