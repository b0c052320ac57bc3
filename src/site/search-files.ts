// A search index's files written into the output folder, by whichever thread built the index: only the names travel
// back to the build, not the contents (tens of megabytes at 10,000 pages).
import { OutputWriter, TEMP_FILE } from './output.js';
import { SEARCH_DIR, SEARCH_FILE, type SearchIndexBuilder } from './search-index.js';

/** What a site space's search index is in the output folder before a build: its manifest, the files of `_search/`. */
export interface SearchFolder {
  manifest: string | null;
  files: readonly string[];
}

/** A search index written: its manifest (the build writes it last), every file it names, and the folder's others. */
export interface WrittenSearch {
  manifest: string;
  files: string[];
  /** How many of its files this build wrote. */
  written: number;
  /** The files of `_search/` it does not name: the last build's that went, and any left by a build that crashed. */
  remove: string[];
}

/**
 * Finishes the index over `folder`, under `dir` (a site space's folder, `""` or ending in `/`) of the output folder
 * `out`, and writes its files that the folder lacks. Each is written whole (`writeWhole`), so a file of the right name
 * is the one written; a file cut short since (by an earlier build, or by hand) is written again.
 */
export function writeSearchFiles(builder: SearchIndexBuilder, folder: SearchFolder, out: string, dir: string): WrittenSearch {
  const output = builder.finish(folder.manifest);
  const writer = new OutputWriter(out);
  const present = new Set(folder.files);
  let written = 0;
  for (const [name, content] of output.write) {
    const path = `${dir}${SEARCH_DIR}${name}`;
    if (present.has(name) && writer.size(path) === Buffer.byteLength(content)) continue;
    writer.writeWhole(path, content);
    written++;
  }
  const files = builder.fileNames();
  const named = new Set(files);
  const remove = folder.files.filter((name) => !named.has(name) && (SEARCH_FILE.test(name) || TEMP_FILE.test(name)));
  return { manifest: output.manifest, files, written, remove };
}
