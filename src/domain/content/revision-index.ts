import type { DocumentPage, RevisionContent, RevisionFile, RevisionPage, RevisionReusableContent } from '../../model/index.js';

/** Lookups over one revision's content, built once per revision (revisions never change). */
export class RevisionIndex {
  readonly pages = new Map<string, RevisionPage>();
  /** Children in order, by parent id (null: the top level). */
  readonly children = new Map<string | null, RevisionPage[]>();
  readonly byPath = new Map<string, RevisionPage>();
  readonly pagesByGitPath = new Map<string, DocumentPage>();
  /** Document pages by their blob oid: several pages may share identical bytes. */
  readonly pagesByBlob = new Map<string, DocumentPage[]>();
  readonly files = new Map<string, RevisionFile>();
  readonly filesByGitPath = new Map<string, RevisionFile>();
  readonly reusable = new Map<string, RevisionReusableContent>();
  readonly reusableByGitPath = new Map<string, RevisionReusableContent>();

  constructor(readonly content: RevisionContent) {
    for (const page of content.pages) {
      this.pages.set(page.id, page);
      push(this.children, page.parentId, page);
      if (!this.byPath.has(page.path)) this.byPath.set(page.path, page);
      if (page.kind === 'document') {
        if (page.git) this.pagesByGitPath.set(page.git.path, page);
        push(this.pagesByBlob, page.blob, page);
      }
    }
    for (const file of content.files) {
      this.files.set(file.id, file);
      if (file.git) this.filesByGitPath.set(file.git.path, file);
    }
    for (const rc of content.reusableContents) {
      this.reusable.set(rc.id, rc);
      if (rc.git) this.reusableByGitPath.set(rc.git.path, rc);
    }
  }

  childrenOf(id: string | null): RevisionPage[] {
    return this.children.get(id) ?? [];
  }

  /** Document pages in tree order. */
  documents(): DocumentPage[] {
    return this.content.pages.filter((p): p is DocumentPage => p.kind === 'document');
  }

  /** The page at a path as clients write it: with or without slashes around it, percent-encoded or not. */
  pageAtPath(path: string): RevisionPage | undefined {
    const trimmed = path.replace(/^\/+|\/+$/g, '');
    return this.byPath.get(trimmed) ?? this.byPath.get(safeDecode(trimmed));
  }

  /** A document page by its git path; a directory path names its README.md. */
  pageAtGitPath(path: string): DocumentPage | undefined {
    const bare = path.replace(/\/+$/, '');
    return this.pagesByGitPath.get(bare) ?? this.pagesByGitPath.get(bare === '' ? 'README.md' : `${bare}/README.md`);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
