/** Migration 4: change requests, their reviews, reviewers and contributors. */
export const changeRequestsMigration = `
CREATE TABLE change_requests (
  id TEXT PRIMARY KEY,
  space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  status TEXT NOT NULL,
  subject TEXT NOT NULL,
  description TEXT,
  created_by TEXT NOT NULL REFERENCES users (id),
  revision_id TEXT NOT NULL,
  revision_initial TEXT NOT NULL,
  base_revision_id TEXT NOT NULL,
  revision_merged TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  merged_at TEXT
);
CREATE UNIQUE INDEX change_requests_number ON change_requests (space_id, number);
CREATE INDEX change_requests_status ON change_requests (space_id, status);
CREATE INDEX change_requests_creator ON change_requests (created_by);
CREATE INDEX change_requests_merged ON change_requests (revision_merged);

CREATE TABLE change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  count INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
);
CREATE INDEX change_request_contributors_user ON change_request_contributors (user_id);

CREATE TABLE change_request_reviews (
  id TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  reviewer_id TEXT NOT NULL REFERENCES users (id),
  requested_by TEXT,
  status TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  comment TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX change_request_reviews_cr ON change_request_reviews (change_request_id, created_at);

CREATE TABLE change_request_reviewers (
  change_request_id TEXT NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  requested_by TEXT NOT NULL REFERENCES users (id),
  revision_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
);
`;
