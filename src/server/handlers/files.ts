import type { Result, WithParams } from '../handler.js';

/** The route outside the spec that serves a file's bytes (the `downloadURL` of RevisionFile). */
export const FILE_CONTENT_ROUTE = '/v1/spaces/:spaceId/revisions/:revisionId/files/:fileId/content';

/** A file's bytes, with its content type; the URL names an immutable revision, so the answer never changes. */
export async function downloadFile({
  caller,
  domain,
  params,
}: Pick<WithParams<'spaceId' | 'revisionId' | 'fileId'>, 'caller' | 'domain' | 'params'>): Promise<Result> {
  const contents = domain.content;
  const view = await contents.revision(caller, params.spaceId, params.revisionId);
  const { file, bytes } = await contents.fileBytes(view, params.fileId);
  return {
    status: 200,
    body: bytes,
    headers: {
      'content-type': file.contentType || 'application/octet-stream',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'cache-control': 'private, max-age=31536000, immutable',
      etag: `"${file.blob}"`,
      'x-content-type-options': 'nosniff',
      // Files are user content served from the API's origin: an SVG or HTML file must not run scripts there.
      'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    },
  };
}
