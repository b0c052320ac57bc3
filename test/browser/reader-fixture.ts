/** A space with nesting (a group, a page with sub-pages two levels deep) and a page of every block a reader meets. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const LONG_LINE = `const settings = { endpoint: 'https://api.example.com/v1/organizations/acme/spaces/handbook/pages', retries: 5, timeoutMilliseconds: 30000, END_OF_LINE: true };`;
const paragraphs = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Paragraph ${i + 1} of this section, long enough to take a few lines of the page on any screen, so that the outline has something to follow as the reader scrolls down through the sections one by one.`,
  ).join('\n\n');
const section = (title: string) => `## ${title}\n\n${paragraphs(3)}\n`;

/** A space with nesting (a group, a page with sub-pages two levels deep) and a page of every block the reader meets. */
export const FILES: Record<string, string> = {
  '.gitbook/.keep': '',
  'SUMMARY.md': `# Table of contents

* [Home](README.md)
* [Guide](guide/README.md)
  * [Rich page](guide/rich.md)
    * [Deep page](guide/rich/deep.md)
  * [Other page](guide/other.md)

## Reference

* [API](reference/api.md)
  * [Endpoints](reference/endpoints.md)
* [Limits](reference/limits.md)
`,
  'README.md': '# Home\n\nWelcome to the handbook.\n',
  'guide/README.md': '# Guide\n\nThe guide.\n',
  'guide/other.md': '# Other page\n\nAnother page.\n',
  'guide/rich/deep.md': '# Deep page\n\nDeep down.\n',
  'reference/api.md': '# API\n\nThe API.\n',
  'reference/endpoints.md': '# Endpoints\n\nEvery endpoint.\n',
  'reference/limits.md': '# Limits\n\nThe limits.\n',
  'guide/rich.md': `# Rich page

An introduction before the blocks.

{% hint style="info" %}
**Info:** read [the other page](other.md) first, and the [limits](../reference/limits.md).
{% endhint %}

{% tabs %}
{% tab title="Installing with npm on Linux" %}
npm content.
{% endtab %}

{% tab title="Installing with Homebrew on macOS" %}
Homebrew content.
{% endtab %}

{% tab title="Installing with winget on Windows" %}
winget content.
{% endtab %}

{% tab title="Building from the source code" %}
Fourth tab content.
{% endtab %}
{% endtabs %}

\`\`\`js
${LONG_LINE}
console.log(settings);
\`\`\`

| Name | Type | Default | Description | Since | Deprecated | Example value |
| --- | --- | --- | --- | --- | --- | --- |
| endpoint | string | none | The address every request of the client goes to, with its version | 1.0 | no | https://api.example.com/v1 |
| retries | number | 5 | How many times a request that failed for a transient reason is tried again | 1.2 | no | 5 |

${['First section', 'Second section', 'Third section', 'Fourth section', 'Fifth section', 'Last section'].map(section).join('\n')}
`,
};

/** Writes the space into `dir`, and returns it. */
export function writeReaderSpace(dir: string): string {
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}
