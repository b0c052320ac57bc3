/**
 * What a revision holds. A revision is immutable: this is written once, with the revision, and never changed.
 * Page markdown and file bytes live in the blob store under their git blob oid; this holds metadata and the tree.
 */
export interface RevisionContent {
  /** Every page in tree order: a parent comes before its children, siblings in order. */
  pages: RevisionPage[];
  files: RevisionFile[];
  reusableContents: RevisionReusableContent[];
  /** Space variables (`.gitbook/vars.yaml`). */
  variables: Record<string, unknown>;
}

/** Where a page or file lives in the git repository, and the blob oid git gives it. */
export interface GitRef {
  oid: string;
  path: string;
}

/** A page's git side; `updatedAt` is the date of the last commit that touched the file, valid while `oid` is the page's blob. */
export interface PageGitRef extends GitRef {
  /** ISO 8601; a work-tree file that differs from HEAD (or a plain folder's) has its modification time. */
  updatedAt?: string;
}

export type PageKind = 'document' | 'group' | 'link' | 'computed';

interface PageBase {
  /** Stable across revisions: kept by git path, then by blob oid for renames. */
  id: string;
  kind: PageKind;
  title: string;
  /** The page's own URL segment. */
  slug: string;
  /** The URL path from the space root, e.g. `getting-started/quickstart` (the first page's is ''). */
  path: string;
  parentId: string | null;
  hidden: boolean;
}

export interface PageLayout {
  width?: 'default' | 'wide';
  cover?: boolean;
  coverSize?: 'full' | 'hero';
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
  tags?: boolean;
  actions?: boolean;
}

export interface PageCover {
  /** A file of the revision, or an external url. */
  ref: { kind: 'file'; file: string } | { kind: 'url'; url: string };
  refDark?: { kind: 'file'; file: string } | { kind: 'url'; url: string };
  yPos?: number;
  height?: number;
}

export interface DocumentPage extends PageBase {
  kind: 'document';
  /** The git blob oid of the page file's bytes (frontmatter and all); the blob store holds the bytes. */
  blob: string;
  git: PageGitRef | null;
  description?: string;
  icon?: string;
  emoji?: string;
  /** The SUMMARY link title (`[Title](page.md "Link title")`). */
  linkTitle?: string;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  layout?: PageLayout;
  cover?: PageCover;
}

export interface GroupPage extends PageBase {
  kind: 'group';
}

export type LinkTarget = { kind: 'url'; url: string } | { kind: 'page'; page: string; anchor?: string } | { kind: 'space'; space: string; path?: string };

export interface LinkPage extends PageBase {
  kind: 'link';
  target: LinkTarget;
}

export interface ComputedPage extends PageBase {
  kind: 'computed';
  /** e.g. `builtin:openapi` */
  source: string;
  props: Record<string, unknown>;
  dependencies: Record<string, unknown>;
}

export type RevisionPage = DocumentPage | GroupPage | LinkPage | ComputedPage;

export interface RevisionFile {
  /** Stable across revisions: kept by git path, then by blob oid. */
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** The git blob oid of the bytes, also their key in the blob store (absent when the bytes were not available). */
  blob: string | null;
  git: GitRef | null;
  dimensions?: { width: number; height: number };
}

export interface RevisionReusableContent {
  id: string;
  title: string;
  /** The blob oid of the include file. */
  blob: string;
  git: GitRef | null;
}

/** The git side of a revision imported from (or exported to) a repository. */
export interface RevisionGit {
  oid: string;
  message: string;
  ref?: string;
  /** Also emitted as `createdByGitBook`, the spec's name for it. */
  createdByService: boolean;
}

/** What a synced space remembers about the last sync: the commit and revision that match. */
export interface SyncStateRecord {
  spaceId: string;
  /** The repository directory synced with, as given (absolute). */
  source: string;
  /** The space's directory inside the repository ('' for the root). */
  directory: string;
  ref: string | null;
  commit: string | null;
  /** A hash of the synced tree: a work tree without commits is compared by this. */
  treeHash: string;
  revisionId: string;
  updatedAt: string;
  /** The docs.yaml / gitbook-docs.yaml key of the space in a multi-space repository (null or absent otherwise). */
  key?: string | null;
}
