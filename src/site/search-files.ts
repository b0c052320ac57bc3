// A search index's files written into the output folder, by whichever thread built the index: only the names travel
// back to the build, not the contents (tens of megabytes at 10,000 pages).
import { OutputWriter, TEMP_FILE } from './output.js';
import { SEARCH_DIR, SEARCH_FILE, type SearchIndexBuilder } from './search-index.js';

/**
 * Where a site space's search index goes, and what it is there before a build: under `dir` (the site space's folder,
 * `""` or ending in `/`) of the output folder `out`, its manifest and the files of `_search/`.
 */
export interface SearchFolder {
  out: string;
  dir: string;
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

/** Finishes the index over `folder` and writes its files that the folder lacks. */
export function writeSearchFiles(builder: SearchIndexBuilder, folder: SearchFolder): WrittenSearch {
  return new SearchFiles(folder).finish(builder);
}

/**
 * A build's search index written into its folder: the pages' fragments as they come (`spill`), the rest once every
 * page was added (`finish`). Each file is written whole (`writeWhole`), so a file of the right name is the one written;
 * one the folder has whole is left as it is, and one cut short since (by an earlier build, or by hand) is written again.
 */
export class SearchFiles {
  private readonly writer: OutputWriter;
  private readonly present: ReadonlySet<string>;
  private written = 0;

  constructor(private readonly folder: SearchFolder) {
    this.writer = new OutputWriter(folder.out);
    this.present = new Set(folder.files);
  }

  /** Writes the fragments of the pages `builder` was given since the last call (`SearchIndexBuilder.spill`). */
  spill(builder: SearchIndexBuilder): void {
    builder.spill((name, content) => this.put(name, content));
  }

  finish(builder: SearchIndexBuilder): WrittenSearch {
    const output = builder.finish(this.folder.manifest);
    for (const [name, content] of output.write) this.put(name, content);
    const files = builder.fileNames();
    const named = new Set(files);
    const remove = this.folder.files.filter((name) => !named.has(name) && (SEARCH_FILE.test(name) || TEMP_FILE.test(name)));
    return { manifest: output.manifest, files, written: this.written, remove };
  }

  private put(name: string, content: string): void {
    const path = `${this.folder.dir}${SEARCH_DIR}${name}`;
    if (this.present.has(name) && this.writer.size(path) === Buffer.byteLength(content)) return;
    this.writer.writeWhole(path, content);
    this.written++;
  }
}
