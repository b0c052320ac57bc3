// The content changes of updateChangeRequestContent (@gitbook/api 0.202.0, ChangeRequestContentChange), as validated.

/**
 * A page body: markdown (frontmatter and a leading `# Title` read as metadata), a document (0.202's JSONDocument, read
 * as the pinned package's by apply-changes.ts), or nothing (`{}`).
 */
export type DocumentInput = { markdown: string } | { document: object } | Record<string, never>;

/** RevisionPageUpdate: metadata set on insert or update. Empty emoji, icon or condition remove them. */
export interface PageFields {
  title?: string;
  slug?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  condition?: string;
}

export interface InsertPage extends PageFields {
  operation: 'insert_page';
  document: DocumentInput;
  into?: string;
  at?: number;
  ref?: string;
}

export interface UpdatePage extends PageFields {
  operation: 'update_page';
  page: string;
  document?: DocumentInput;
  into?: string | null;
  at?: number;
}

export interface DeletePage {
  operation: 'delete_page';
  page: string;
}

export interface RevertPage {
  operation: 'revert_page';
  page: string;
  revision?: string;
  block?: string[];
}

export type FileSource = { url: string } | { base64: string };

export type FileInput = FileSource & { name: string; ref?: string; contentType?: string };

export interface InsertFiles {
  operation: 'insert_files';
  files: FileInput[];
}

export type ContentChange = InsertPage | UpdatePage | DeletePage | RevertPage | InsertFiles;

/** The most changes one request may carry (the spec's maxItems). */
export const MAX_CHANGES = 50;
