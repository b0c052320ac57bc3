// A search index's files written into the output folder, by whichever thread built the index: only the names travel
// back to the build, not the contents (tens of megabytes at 10,000 pages).
import { OutputWriter } from './output.js';
import { SEARCH_DIR, type SearchOutput } from './search-index.js';

/** A search index written: its manifest (the build writes it last), every file it names, and the last build's to remove. */
export interface WrittenSearch {
  manifest: string;
  files: string[];
  /** Null when `files` is every file of the index: any other index file in the folder is stale. */
  remove: string[] | null;
}

/** Writes the index's new files under `dir` (a site space's folder, `""` or ending in `/`) of the output folder `out`. */
export function writeSearchFiles(output: SearchOutput, out: string, dir: string): WrittenSearch {
  const writer = new OutputWriter(out);
  for (const [name, content] of output.write) {
    const path = `${dir}${SEARCH_DIR}${name}`;
    if (!writer.exists(path)) writer.write(path, content);
  }
  return { manifest: output.manifest, files: output.write.map(([name]) => name), remove: output.remove };
}
