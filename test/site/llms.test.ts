import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../src/site/outputs/llms.js';

describe('llms.txt', () => {
  it('lists each page on one line, whatever the whitespace of its title and description', () => {
    const pages = [
      { title: 'Plain title', markdownUrl: '/a.md', description: 'One line.' },
      { title: '  Padded\ttitle\n', markdownUrl: '/b.md', description: 'Two\n\nlines  here ' },
      { title: 'No\u00a0break [space]', markdownUrl: '/c.md' },
    ];
    expect(llmsTxt(' My\nsite ', [{ title: 'Docs', pages }])).toBe(
      ['# My site', '', '- [Plain title](/a.md): One line.', '- [Padded title](/b.md): Two lines here', '- [No break \\[space\\]](/c.md)', ''].join('\n'),
    );
  });

  it('heads each site space when there are several', () => {
    const spaces = [
      { title: 'Guide', pages: [{ title: 'Start', markdownUrl: '/start.md' }] },
      { title: 'API\n', pages: [] },
    ];
    expect(llmsTxt('Site', spaces)).toBe(['# Site', '', '## Guide', '', '- [Start](/start.md)', '', '## API', '', ''].join('\n'));
  });
});
