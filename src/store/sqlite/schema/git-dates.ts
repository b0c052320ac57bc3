/**
 * Migration 14: the git-date cache. Per commit, the date of the last commit that touched each page file (derived from
 * history, so valid forever for that commit); a sync of a descendant walks only the commits in between. `seq` orders
 * the rows by when they were saved: the oldest go first.
 */
export const gitDatesMigration = `
  CREATE TABLE git_dates (
    commit_oid TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (commit_oid, version)
  );
  CREATE INDEX git_dates_seq ON git_dates (seq);
`;
