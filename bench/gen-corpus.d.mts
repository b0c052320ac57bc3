/** Types of gen-corpus.mjs, for the tests that generate a corpus. */
export function generateCorpus(dir: string, pages?: number, options?: { plain?: boolean }): void;
