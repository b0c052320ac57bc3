import { HTML_LIMITS } from '../../content/html-to-markdown.js';
// How content imports may read and crawl: `imports:` of docs.config.yaml, with the limits that bound every source.

export interface ImportOptions {
  /** The only folder `file:` URLs may point into (absolute). Unset: `file:` imports are refused. */
  folder?: string;
  /** Pause between two requests to a crawled site, in ms (a longer robots.txt Crawl-delay wins, up to 10 s). 0 allowed. */
  crawlDelayMs?: number;
  /** Pages a website import reads at most. */
  maxPages?: number;
  /** Links followed from the start page at most (the start page is depth 0). */
  maxDepth?: number;
  /** Per request: no answer (or no end of the body) within this many ms fails that resource. */
  timeoutMs?: number;
}

export type ImportSettings = Required<Omit<ImportOptions, 'folder'>> & { folder?: string };

export const DEFAULT_IMPORT_SETTINGS: ImportSettings = { crawlDelayMs: 250, maxPages: 200, maxDepth: 6, timeoutMs: 10_000 };

/** The settings: configured values, else DOCS_IMPORT_FOLDER for the folder, else the defaults. */
export function importSettings(options: ImportOptions = {}, env: NodeJS.ProcessEnv = process.env): ImportSettings {
  const folder = options.folder ?? (env.DOCS_IMPORT_FOLDER?.trim() || undefined);
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_IMPORT_SETTINGS, ...defined, ...(folder ? { folder } : {}) };
}

/** Hard bounds, whatever the settings: what a hostile source can make an import read, hold or parse. */
export const LIMITS = {
  /** One markdown, HTML or page file. */
  pageBytes: 5 * 1024 * 1024,
  /** A zip or docx archive as downloaded. */
  archiveBytes: 50 * 1024 * 1024,
  /** One image or asset. */
  fileBytes: 20 * 1024 * 1024,
  ...HTML_LIMITS,
  zipEntries: 5_000,
  /** Uncompressed bytes of all the entries of an archive together. */
  zipBytes: 200 * 1024 * 1024,
  /** Uncompressed / compressed size of one entry (past 1 MB): above it, the entry is a bomb. */
  zipRatio: 200,
  /** A website crawl starts no request after this long (the API request waits for the whole import). */
  crawlMs: 5 * 60_000,
  /** Images a website, HTML or markdown import downloads. */
  images: 500,
} as const;
