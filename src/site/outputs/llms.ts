/** `llms.txt` (an index of the site linking every page's markdown copy) and `llms-full.txt` (all of it in one file). */

export interface LlmsSpace {
  title: string;
  pages: ReadonlyArray<{ title: string; markdownUrl: string; description?: string }>;
}

// Most titles are one line already: testing costs a tenth of replacing.
const oneLine = (text: string) => (/\s\s|[^\S ]|^ | $/.test(text) ? text.replace(/\s+/g, ' ').trim() : text);

/** llms.txt whole: its head, then each site space's head and lines (a build writes them by segment). */
export function llmsTxt(siteTitle: string, spaces: readonly LlmsSpace[]): string {
  return `${llmsHead(siteTitle)}${spaces.map((space) => `${llmsSpaceHead(space.title, spaces.length > 1)}${space.pages.map(llmsLine).join('')}`).join('')}`;
}

export const llmsHead = (siteTitle: string) => `# ${oneLine(siteTitle)}\n`;

/** What comes before a site space's lines: a blank line, and its title when the site has several. */
export const llmsSpaceHead = (title: string, several: boolean) => `\n${several ? `## ${oneLine(title)}\n\n` : ''}`;

export const llmsLine = (page: LlmsSpace['pages'][number]) =>
  `- [${oneLine(page.title).replace(/[[\]]/g, '\\$&')}](${page.markdownUrl})${page.description ? `: ${oneLine(page.description)}` : ''}\n`;

/** llms-full.txt is its pages' markdown one after the other, each piece a page, then a line break. */
export function llmsFullPiece(markdown: string, first: boolean): string {
  return `${first ? '' : '\n\n---\n\n'}${markdown.trimEnd()}`;
}

export const LLMS_FULL_TAIL = '\n';
