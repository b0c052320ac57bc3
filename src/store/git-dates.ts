/** The git-date cache: for a commit, repository path -> seconds since the epoch of the last commit that touched it. */
export interface GitDatesRepo {
  get(commit: string, version: number): Promise<Record<string, number> | undefined>;
  /** The commits with dates of this version. */
  commits(version: number): Promise<string[]>;
  /** Saves the dates of `commit` (replacing what was known) and drops the oldest rows past the latest few. */
  put(commit: string, version: number, dates: Record<string, number>): Promise<void>;
}
