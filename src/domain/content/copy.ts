// A revision's content for another space (duplicateSpace): the same tree, pages and files under new ids. Page files
// point at pages and files by path, so their bytes (and blobs, parse records, search sections) are shared as they are.
// Reusable contents keep their ids: page files may include them as `/reusable-content/<id>`.
import type { DocumentPage, PageCover, RevisionContent, RevisionPage } from '../../model/index.js';

export function withNewIds(content: RevisionContent, newId: () => string): RevisionContent {
  const pageIds = new Map(content.pages.map((p) => [p.id, newId()]));
  const fileIds = new Map(content.files.map((f) => [f.id, newId()]));
  const page = (id: string) => pageIds.get(id) ?? id;
  const ref = (r: PageCover['ref']): PageCover['ref'] => (r.kind === 'file' ? { kind: 'file', file: fileIds.get(r.file) ?? r.file } : r);
  const pages = content.pages.map((p): RevisionPage => {
    const copy = { ...p, id: page(p.id), parentId: p.parentId === null ? null : page(p.parentId) } as RevisionPage;
    if (copy.kind === 'link' && copy.target.kind === 'page') copy.target = { ...copy.target, page: page(copy.target.page) };
    if (copy.kind === 'document' && copy.cover)
      (copy as DocumentPage).cover = { ...copy.cover, ref: ref(copy.cover.ref), ...(copy.cover.refDark ? { refDark: ref(copy.cover.refDark) } : {}) };
    return copy;
  });
  const files = content.files.map((f) => ({ ...f, id: fileIds.get(f.id)! }));
  return { ...content, pages, files };
}
