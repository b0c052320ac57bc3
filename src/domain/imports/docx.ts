// `source: docx`: a Word document -> HTML (mammoth, pure JS) -> one page, its images as files. The document is a
// zip: it is checked against the archive bounds before mammoth opens it.
import { sniff } from '../content-writes/files.js';
import { invalidInput } from '../core/errors.js';
import { HtmlLimitError, pageMarkdown, parseHtml } from '../../content/html-to-markdown.js';
import type { ImportPlan, PlannedFile } from './plan.js';
import { LIMITS } from './settings.js';
import { readZip } from './zip.js';

/** `title`: the page title when the document has no heading (the file's name). */
export async function planDocx(bytes: Uint8Array, title: string, field: string): Promise<ImportPlan> {
  await readZip(bytes, field);
  const { default: mammoth } = await import('mammoth');
  const files: PlannedFile[] = [];
  const convertImage = mammoth.images.imgElement(async (image) => {
    const data = await image.readAsBuffer();
    const key = `docx-image:${files.length + 1}`;
    const contentType = sniff(data) ?? image.contentType;
    const ext = contentType.split('/')[1]?.replace('jpeg', 'jpg').replace(/\+.*$/, '') ?? 'bin';
    files.push({ key, name: `image-${files.length + 1}.${ext}`, contentType, bytes: data });
    return { src: key };
  });
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { convertImage, externalFileAccess: false })).value;
  } catch (error) {
    throw invalidInput(`${field}: not a readable Word document (${(error as Error).message})`);
  }
  let page: ReturnType<typeof parseHtml>;
  try {
    page = parseHtml(html);
  } catch (error) {
    if (error instanceof HtmlLimitError) throw invalidInput(`${field}: ${error.message}`);
    throw error;
  }
  const pageTitle = page.title ?? title;
  const large = files.filter((f) => f.bytes.byteLength > LIMITS.fileBytes);
  return {
    pages: [{ key: 'docx', parent: null, title: pageTitle, markdown: (resolve) => pageMarkdown({ title: pageTitle, root: page.root }, resolve) }],
    files: files.filter((f) => !large.includes(f)),
    failures: large.map((f) => ({ resource: f.name, reason: `larger than ${LIMITS.fileBytes / 1048576} MB` })),
    skipped: [],
  };
}
