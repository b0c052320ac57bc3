/**
 * Migration 5: comments, replies and reactions.
 *
 * A comment belongs to a space, and to one of its change requests or to none (`change_request_id` = '').
 * Lists are read a page at a time in SQL, newest or oldest first by (posted_at, id): one index per filter
 * (status, target page, author) keeps every filtered page an index range walk. The body is stored once, as
 * markdown, with its git blob oid: the document form is derived on read and cached by that oid.
 */
export const commentsMigration = `
  CREATE TABLE comments (
    id TEXT PRIMARY KEY,
    space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    change_request_id TEXT NOT NULL DEFAULT '',
    revision_id TEXT NOT NULL,
    page_id TEXT,
    target TEXT NOT NULL,
    posted_by TEXT NOT NULL,
    posted_at TEXT NOT NULL,
    edited_at TEXT,
    markdown TEXT NOT NULL,
    body_oid TEXT NOT NULL,
    status TEXT NOT NULL,
    resolved_at TEXT,
    resolved_by TEXT
  );
  CREATE INDEX comments_thread ON comments (space_id, change_request_id, posted_at, id);
  CREATE INDEX comments_status ON comments (space_id, change_request_id, status, posted_at, id);
  CREATE INDEX comments_page ON comments (space_id, change_request_id, page_id, posted_at, id);
  CREATE INDEX comments_author ON comments (space_id, change_request_id, posted_by, posted_at, id);

  CREATE TABLE comment_replies (
    id TEXT PRIMARY KEY,
    comment_id TEXT NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    posted_by TEXT NOT NULL,
    posted_at TEXT NOT NULL,
    edited_at TEXT,
    markdown TEXT NOT NULL,
    body_oid TEXT NOT NULL
  );
  CREATE INDEX comment_replies_comment ON comment_replies (comment_id, posted_at, id);

  CREATE TABLE comment_reactions (
    subject_id TEXT NOT NULL,
    comment_id TEXT NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    emoji TEXT NOT NULL,
    user_id TEXT NOT NULL,
    reacted_at TEXT NOT NULL,
    PRIMARY KEY (subject_id, emoji, user_id)
  );
  CREATE INDEX comment_reactions_comment ON comment_reactions (comment_id);
`;
