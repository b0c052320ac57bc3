import { describe, expect, it } from 'vitest';
import { aliasKey, headingAliases, legacyGitbookId, resolveAlias, resolveAnchor } from '../../../src/content/heading-aliases.js';
import { githubHeadingId, HeadingSlugger } from '../../../src/content/slug.js';

/** A page's headings with the ids Quire writes for them. */
function page(texts: string[], explicit: Record<number, string> = {}) {
  const slugger = new HeadingSlugger();
  for (const id of Object.values(explicit)) slugger.reserve(id);
  const headings = texts.map((text, i) => ({ id: slugger.id(text, explicit[i]), text }));
  return { headings, ids: new Set(headings.map((h) => h.id)) };
}

describe('slug forms', () => {
  it("gives GitHub's and legacy GitBook's forms of a heading", () => {
    const cases: Array<[string, string, string]> = [
      // text, GitHub (github-slugger), legacy GitBook (github-slugid)
      ['Release 4.9', 'release-49', 'release-49'],
      ['The Command Bus - Local', 'the-command-bus---local', 'the-command-bus-local'],
      ['PromptMessage', 'promptmessage', 'promptmessage'],
      ["I've run my program", 'ive-run-my-program', 'ive-run-my-program'],
      ['Using `scale_down`', 'using-scale_down', 'using-scaledown'],
      ['C++ & Rust', 'c--rust', 'c-rust'],
      ['Über uns', 'über-uns', 'über-uns'],
    ];
    for (const [text, github, legacy] of cases) {
      expect(githubHeadingId(text), text).toBe(github);
      expect(legacyGitbookId(text), text).toBe(legacy);
    }
  });

  it('keys aliases decoded, spaces collapsed, in lower case', () => {
    expect(aliasKey('Release%204.9')).toBe('release 4.9');
    expect(aliasKey(' The  Command\tBus ')).toBe('the command bus');
    expect(aliasKey('%E0%A4%A')).toBe('%e0%a4%a');
  });
});

describe('heading aliases', () => {
  const { headings, ids } = page(['Release 4.9', 'The Command Bus - Local', 'PromptMessage', 'Release 4.9', 'Release 4.9']);

  it('are the names GitHub, legacy GitBook and the heading text give, each naming the id Quire writes', () => {
    expect(headings.map((h) => h.id)).toEqual(['release-4.9', 'the-command-bus-local', 'promptmessage', 'release-4.9-1', 'release-4.9-2']);
    expect(headingAliases(headings)).toEqual({
      'release-49': 'release-4.9',
      'release 4.9': 'release-4.9',
      'the-command-bus---local': 'the-command-bus-local',
      'the command bus - local': 'the-command-bus-local',
      // GitHub numbers duplicates as it does (-1, -2); legacy GitBook did not, so its form names the first.
      'release-49-1': 'release-4.9-1',
      'release-49-2': 'release-4.9-2',
    });
  });

  it('resolve every form a link may use, in any case, to the one id', () => {
    const aliases = headingAliases(headings);
    const resolved = (anchor: string) => resolveAnchor(anchor, ids, aliases);
    expect(resolved('release-4.9')).toBe('release-4.9');
    expect(resolved('release-49')).toBe('release-4.9');
    expect(resolved('Release 4.9')).toBe('release-4.9');
    expect(resolved('Release%204.9')).toBe('release-4.9');
    expect(resolved('the-command-bus---local')).toBe('the-command-bus-local');
    expect(resolved('PromptMessage')).toBe('promptmessage');
    expect(resolved('RELEASE-4.9-1')).toBe('release-4.9-1');
    expect(resolved('release-49-2')).toBe('release-4.9-2');
    expect(resolved('release-49-3')).toBeNull();
    expect(resolved('nothing-here')).toBeNull();
    // An id is not an alias of itself: links already at an id are left alone.
    expect(resolveAlias('release-4.9', ids, aliases)).toBeNull();
    expect(resolveAlias('release-49', ids, aliases)).toBe('release-4.9');
  });

  it("count the page's stripped title for GitHub's duplicates, as GitHub shows it", () => {
    const { headings: withTitle, ids: titleIds } = page(['Setup', 'Setup']);
    const aliases = headingAliases(withTitle, { title: 'Setup' });
    // On GitHub `# Setup` is #setup, so the page's first `## Setup` is #setup-1 and the second #setup-2. Quire's ids
    // are `setup` and `setup-1`: an id of the page wins over an alias, so only #setup-2 is GitHub's.
    expect(resolveAnchor('setup-2', titleIds, aliases)).toBe('setup-1');
    expect(resolveAnchor('setup-1', titleIds, aliases)).toBe('setup-1');
  });

  it('keep explicit ids, name them in any case, and never shadow another id of the page', () => {
    const { headings: anchored, ids: anchoredIds } = page(['Table of contents', 'Release 4.9'], { 0: 'The-Table' });
    const aliases = headingAliases(anchored, { ids: ['release-49'] });
    expect(resolveAnchor('table-of-contents', anchoredIds, aliases)).toBe('The-Table');
    expect(resolveAnchor('the-table', anchoredIds, aliases)).toBe('The-Table');
    // `#release-49` is an element of its own on this page (an author's `<a id>`): it stays that element's.
    expect(aliases['release-49']).toBeUndefined();
    expect(resolveAnchor('release-49', new Set([...anchoredIds, 'release-49']), aliases)).toBe('release-49');
    expect(resolveAnchor('release 4.9', anchoredIds, aliases)).toBe('release-4.9');
  });
});
