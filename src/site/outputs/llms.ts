/** `llms.txt` (an index of the site linking every page's markdown copy) and `llms-full.txt` (all of it in one file). */

export interface LlmsSpace {
  title: string;
  pages: ReadonlyArray<{ title: string; markdownUrl: string; description?: string; markdown: string }>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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

export function llmsFullTxt(spaces: readonly LlmsSpace[]): string {
  return `${spaces.flatMap((space) => space.pages.map((page) => page.markdown.trimEnd())).join('\n\n---\n\n')}\n`;
}
