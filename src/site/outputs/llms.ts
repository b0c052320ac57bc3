/** `llms.txt` (an index of the site linking every page's markdown copy) and `llms-full.txt` (all of it in one file). */

export interface LlmsSpace {
  title: string;
  pages: ReadonlyArray<{ title: string; markdownUrl: string; description?: string }>;
}

// Most titles are one line already: testing costs a tenth of replacing.
const oneLine = (text: string) => (/\s\s|[^\S ]|^ | $/.test(text) ? text.replace(/\s+/g, ' ').trim() : text);

export function llmsTxt(siteTitle: string, spaces: readonly LlmsSpace[]): string {
  const out = [`# ${oneLine(siteTitle)}`, ''];
  for (const space of spaces) {
    if (spaces.length > 1) out.push(`## ${oneLine(space.title)}`, '');
    for (const page of space.pages)
      out.push(`- [${oneLine(page.title).replace(/[[\]]/g, '\\$&')}](${page.markdownUrl})${page.description ? `: ${oneLine(page.description)}` : ''}`);
    out.push('');
  }
  return out.join('\n');
}

/** llms-full.txt is its pages' markdown one after the other, each piece a page, then a line break. */
export function llmsFullPiece(markdown: string, first: boolean): string {
  return `${first ? '' : '\n\n---\n\n'}${markdown.trimEnd()}`;
}

export const LLMS_FULL_TAIL = '\n';
