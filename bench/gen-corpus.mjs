// Generates a GitBook Git Sync tree of N pages (default 1,000) of about 5 KB each, with a SUMMARY.md.
// Usage: node bench/gen-corpus.mjs <dir> [pages] [--plain]. Deterministic: the same arguments give the same bytes.
// --plain (or `{ plain: true }`): the same tree as plain CommonMark/GFM with no frontmatter and no GitBook `{% %}`
// blocks (hints become blockquotes, tabs labelled code blocks, content-refs links, figures images), so that other
// generators (VitePress, HonKit) read it as intended. The default output is unchanged.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WORDS = (
  'git sync space page revision content block hint tabs markdown summary group link file asset image ' +
  'frontmatter title description layout cover search index section heading anchor api request response token ' +
  'organization member role permission collection change merge branch commit export import deploy site theme'
).split(' ');

export function generateCorpus(dir, pages = 1000, { plain = false } = {}) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const text = words(8 + Math.floor(random() * 10));
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () =>
    Array.from({ length: 4 }, sentence)
      .join(' ')
      .replace(/ (\w+) (\w+)\./, ' **$1** `$2`.')
      .replace(/ (\w+) (\w+) /, ' [$1 $2](https://example.com/$1) ');

  // Sections both page styles share.
  const table = () => [
    '| Name | Type | Description |',
    '| ---- | ---- | ----------- |',
    ...Array.from({ length: 5 }, () => `| \`${pick(WORDS)}\` | ${pick(['string', 'number', 'boolean'])} | ${sentence()} |`),
  ];
  const listAndDetails = () => [
    ...Array.from({ length: 5 }, () => `* ${sentence()}`),
    '',
    '<details>',
    '',
    `<summary>${words(3)}</summary>`,
    '',
    paragraph(),
    '',
    '</details>',
  ];
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const page = (title, i, path) => {
    const up = '../'.repeat(path.split('/').length - 1);
    if (plain) return plainPage(title, i, up);
    return [
      '---',
      `description: ${sentence()}`,
      i % 7 === 0 ? 'icon: book-open' : null,
      '---',
      '',
      `# ${title}`,
      '',
      paragraph(),
      '',
      `## ${words(3)}`,
      '',
      paragraph(),
      '',
      '{% hint style="info" %}',
      sentence(),
      '{% endhint %}',
      '',
      '{% tabs %}',
      '{% tab title="JavaScript" %}',
      '{% code title="index.js" lineNumbers="true" %}',
      '```javascript',
      `const ${pick(WORDS)} = await client.${pick(WORDS)}({ id: '${i}' });`,
      'console.log(result);',
      '```',
      '{% endcode %}',
      '{% endtab %}',
      '{% tab title="cURL" %}',
      '```bash',
      `curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/${pick(WORDS)}/${i}`,
      '```',
      '{% endtab %}',
      '{% endtabs %}',
      '',
      `### ${words(2)}`,
      '',
      paragraph(),
      '',
      ...table(),
      '',
      `<figure><img src="${up}.gitbook/assets/diagram.png" alt=""><figcaption><p>${words(4)}</p></figcaption></figure>`,
      '',
      ...listAndDetails(),
      '',
      `## ${words(2)}`,
      '',
      paragraph(),
      '',
      paragraph(),
      '',
      paragraph(),
      '',
      `{% content-ref url="${up}README.md" %}`,
      `[README.md](${up}README.md)`,
      '{% endcontent-ref %}',
      '',
    ]
      .filter((line) => line !== null)
      .join('\n');
  };

  // The same sections as `page`, in plain CommonMark/GFM that every generator renders the same way.
  const plainPage = (title, i, up) =>
    [
      `# ${title}`,
      '',
      paragraph(),
      '',
      `## ${words(3)}`,
      '',
      paragraph(),
      '',
      `> **Note:** ${sentence()}`,
      '',
      '**JavaScript** (`index.js`):',
      '',
      '```javascript',
      `const ${pick(WORDS)} = await client.${pick(WORDS)}({ id: '${i}' });`,
      'console.log(result);',
      '```',
      '',
      '**cURL**:',
      '',
      '```bash',
      `curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/${pick(WORDS)}/${i}`,
      '```',
      '',
      `### ${words(2)}`,
      '',
      paragraph(),
      '',
      ...table(),
      '',
      `![${words(4)}](${up}.gitbook/assets/diagram.png)`,
      '',
      ...listAndDetails(),
      '',
      `## ${words(2)}`,
      '',
      paragraph(),
      '',
      paragraph(),
      '',
      paragraph(),
      '',
      paragraph(),
      '',
      `See also: [Introduction](${up}README.md).`,
      '',
    ].join('\n');

  const summary = ['# Table of contents', '', '* [Introduction](README.md)', ''];
  write('README.md', page('Introduction', 0, 'README.md'));
  const perGroup = 50;
  for (let g = 0; g * perGroup < pages - 1; g++) {
    const group = `group-${g + 1}`;
    summary.push(`## Group ${g + 1}`, '');
    for (let j = 0; j < perGroup && g * perGroup + j + 1 < pages; j++) {
      const i = g * perGroup + j + 1;
      const title = `Page ${i} ${pick(WORDS)}`;
      // Every tenth page has the next few pages nested under it, as `slug/README.md`.
      if (j % 10 === 0) {
        write(`${group}/page-${i}/README.md`, page(title, i, `${group}/page-${i}/README.md`));
        summary.push(`* [${title}](${group}/page-${i}/README.md)`);
      } else {
        const parent = g * perGroup + Math.floor(j / 10) * 10 + 1;
        const nested = j % 10 <= 3;
        const path = nested ? `${group}/page-${parent}/page-${i}.md` : `${group}/page-${i}.md`;
        write(path, page(title, i, path));
        summary.push(`${nested ? '  ' : ''}* [${title}](${path})`);
      }
    }
    summary.push('');
  }
  write('SUMMARY.md', `${summary.join('\n')}\n`);
  write(
    '.gitbook/assets/diagram.png',
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEElEQVR4nGP4z8DAwMDAAAAS/AH/gl3z2QAAAABJRU5ErkJggg==', 'base64'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const plain = args.includes('--plain');
  const [dir, pages] = args.filter((arg) => arg !== '--plain');
  if (!dir) {
    process.stderr.write('usage: node bench/gen-corpus.mjs <dir> [pages] [--plain]\n');
    process.exit(2);
  }
  generateCorpus(dir, pages ? Number(pages) : 1000, { plain });
}
