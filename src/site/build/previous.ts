/**
 * The entries of the previous build's pages, read from its segment files as the build asks for them: a few segments
 * are held at a time (pages are asked for in order), so a build reads only the segments it needs, once each in the
 * common case, and never holds them all.
 */
import { type PageEntry, readSegment } from '../manifest.js';

const HELD = 8;

export class PreviousEntries {
  private readonly held = new Map<string, Promise<Record<string, PageEntry> | null>>();

  constructor(private readonly out: string) {}

  /** The entry of a kept page (`old` names its segment file). */
  async entry(entryKey: string, segment: string): Promise<PageEntry> {
    const entry = (await this.segment(segment))?.[entryKey];
    if (!entry) throw new Error(`The build cache has no entry for ${entryKey} in ${segment}: delete the output folder's .quire-build.json and build again.`);
    return entry;
  }

  segment(file: string): Promise<Record<string, PageEntry> | null> {
    const entries = this.held.get(file) ?? readSegment(this.out, file);
    this.held.delete(file);
    this.held.set(file, entries);
    if (this.held.size > HELD) this.held.delete(this.held.keys().next().value!);
    return entries;
  }
}
