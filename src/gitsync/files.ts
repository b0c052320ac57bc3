// `.gitbook/assets/**` -> revision files: content type, size, image dimensions, bytes in the blob store.
import mime from 'mime-types';
import { basename, joinPath } from '../content/paths.js';
import { imageDimensions } from '../content/file-kind.js';
import type { RevisionFile } from '../model/index.js';
import type { BlobStore } from '../store/index.js';
import { assignIds } from './ids.js';
import type { RepoTree } from './tree.js';

/** GitBook's own cap on an uploaded file. */
export const FILE_MAX_BYTES = 100 * 1024 * 1024;

export interface FilesResult {
  files: RevisionFile[];
  warnings: string[];
}

export async function buildFiles(tree: RepoTree, root: string, previous: readonly RevisionFile[], blobs: BlobStore): Promise<FilesResult> {
  const prefix = `${joinPath(root, '.gitbook/assets')}/`;
  const paths = [...tree.files.keys()].filter((p) => p.startsWith(prefix)).sort();
  const warnings: string[] = [];
  const known = new Map(previous.filter((f) => f.git).map((f) => [`${f.git!.path}\0${f.git!.oid}`, f]));
  const ids = assignIds(
    previous.map((f) => ({ id: f.id, path: f.git?.path ?? null, oid: f.blob })),
    paths.map((path) => ({ path, oid: tree.files.get(path)!.oid })),
  );
  const files: RevisionFile[] = [];
  for (const [i, path] of paths.entries()) {
    const entry = tree.files.get(path)!;
    const same = known.get(`${path}\0${entry.oid}`);
    if (same && same.blob && (await blobs.has(same.blob))) {
      files.push({ ...same, id: ids[i]! });
      continue;
    }
    const bytes = await entry.read();
    if (bytes.byteLength > FILE_MAX_BYTES) {
      warnings.push(`${path}: ${(bytes.byteLength / 1048576).toFixed(1)} MB is over the 100 MB file limit; left out`);
      continue;
    }
    await blobs.put(bytes);
    const name = basename(path);
    const file: RevisionFile = {
      id: ids[i]!,
      name,
      contentType: mime.lookup(name) || 'application/octet-stream',
      size: bytes.byteLength,
      blob: entry.oid,
      git: { oid: entry.oid, path },
    };
    const dimensions = imageDimensions(bytes, file.contentType);
    if (dimensions) file.dimensions = dimensions;
    files.push(file);
  }
  return { files, warnings };
}
