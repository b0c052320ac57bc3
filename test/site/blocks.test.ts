import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteAssets } from '../../src/site/assets.js';
import { videoPlayer } from '../../src/content/blocks/embed/render.js';
import { texToMathml } from '../../src/site/render/blocks/math.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';

const js = readFileSync(new URL('../../templates/site.js', import.meta.url), 'utf8');

let out: string;
const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
const body = (path: string) => /<div class="markdown">([\s\S]*?)<\/div>\n<footer class="page-footer">/.exec(page(path))?.[1] ?? '';

beforeAll(async () => {
  const space = await syncedSpace(
    markdownSpace({
      'README.md': '# Home\n\nNo diagrams here.\n',
      'math.md': [
        '# Math',
        '',
        '$$',
        '\\frac{a}{b} = \\sqrt{x^2}',
        '$$',
        '',
        'Inline $$e^{i\\pi} + 1 = 0$$ in text.',
        '',
        '$$\\frac{1}{$$',
        '',
        '$$\\href{javascript:alert(1)}{x} + \\url{javascript:alert(2)} + \\includegraphics{x.png} + \\htmlClass{a}{b}$$',
        '',
        '<math><mi href="javascript:alert(3)">x</mi></math>',
        '',
      ].join('\n'),
      'mermaid.md': '# Mermaid\n\n```mermaid\ngraph TD\n  A[Start] --> B{Is it?}\n```\n',
      'embeds.md': [
        '# Embeds',
        '',
        '{% embed url="https://www.youtube.com/watch?v=lTRiuFIWV54&t=1m5s" %}',
        'Study music',
        '{% endembed %}',
        '',
        '{% embed url="https://vimeo.com/76979871" %}',
        '',
        '{% embed url="https://www.loom.com/share/2b4a574a4ad54586b5d486cb6ad3735b?sid=75e4" %}',
        '',
        '{% embed url="https://github.com/GitbookIO/gitbook" %}',
        '',
        '<iframe src="https://evil.example/x"></iframe>',
        '',
        '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk" sandbox="allow-top-navigation allow-scripts" onload="alert(4)"></iframe>',
        '',
      ].join('\n'),
      'code.md': [
        '# Code',
        '',
        '{% code title="notes.txt" lineNumbers="true" %}',
        '```',
        'first <line>',
        'second',
        '```',
        '{% endcode %}',
        '',
        '{% code lineNumbers="true" %}',
        '```nosuchlanguage',
        'alpha',
        '',
        'gamma',
        '```',
        '{% endcode %}',
        '',
        '{% code lineNumbers="true" %}',
        '```js',
        'const a = 1;',
        'const b = 2;',
        '```',
        '{% endcode %}',
        '',
      ].join('\n'),
      'references.md': [
        '# References',
        '',
        'See [the guide][Guide], [again][guide] and ![a logo][logo], and a footnote.[^note] Also [missing][nope].',
        '',
        '[guide]: https://example.com/guide "The guide"',
        '',
        '[GUIDE]: https://example.com/second',
        '',
        '[logo]: https://example.com/logo.png',
        '',
        '> [quoted][inner]',
        '>',
        '> [inner]: https://example.com/inner',
        '',
        '[^note]: The footnote text.',
        '',
      ].join('\n'),
    }),
    'Blocks',
  );
  out = tempDir('blocks');
  await space.build(out);
});

describe('math', () => {
  it('renders $$ blocks and inline math to MathML at build time, with no script or stylesheet', () => {
    const html = body('math');
    expect(html).toMatch(
      /<div class="math math-display"><span class="katex"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML" display="block"><semantics><mrow><mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac>/,
    );
    expect(html).toContain('<msqrt><msup><mi>x</mi><mn>2</mn></msup></msqrt>');
    expect(html).toMatch(/Inline <span class="math math-inline"><span class="katex"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"><semantics>/);
    expect(html).toContain('<annotation encoding="application/x-tex">\\frac{a}{b} = \\sqrt{x^2}</annotation>');
    expect(page('math')).not.toMatch(/katex(\.min)?\.(css|js)/);
  });

  it('shows invalid TeX as an inline error instead of failing the build', () => {
    expect(body('math')).toContain('<span class="katex-error" title="ParseError: KaTeX parse error: Unexpected end of input');
    expect(body('math')).toMatch(/class="katex-error"[^>]*>\\frac\{1\}\{<\/span>/);
  });

  it('keeps \\href, \\url, \\includegraphics and \\html* inert, and author MathML out', () => {
    const html = body('math');
    expect(html).toContain('<mtext>\\href</mtext>');
    expect(html).not.toMatch(/\s(href|src|style)="[^"]*javascript/i);
    expect(html).not.toMatch(/<mglyph|<a\s[^>]*javascript|\shref="javascript/);
    // `<math>` written by the author is not MathML KaTeX made: the page sanitiser drops it.
    expect(html.match(/<math\b/g)?.length).toBe(3);
    expect(html).not.toContain('alert(3)');
  });

  it('sanitises what KaTeX emits against the MathML allow-list', () => {
    const out = texToMathml('\\color{red}{x} \\begin{matrix}a&b\\end{matrix} \\cancel{y}', true);
    expect(out).toContain('<mstyle mathcolor="red">');
    expect(out).toContain('<mtable');
    expect(out).toContain('<menclose notation="updiagonalstrike">');
    expect(out).not.toMatch(/\sstyle=/);
  });
});

describe('mermaid', () => {
  it('keeps the source in a <pre> and loads the local mermaid bundle only where a diagram is', () => {
    expect(body('mermaid')).toContain('<div class="code-block"><pre class="mermaid">graph TD\n  A[Start] --> B{Is it?}</pre></div>');
    expect(page('mermaid')).toMatch(/data-mermaid="\/_quire\/mermaid\.min\.js\?v=\w+"/);
    expect(page('')).not.toContain('<pre class="mermaid">');
    // The script fetches mermaid only when the page has a diagram, and draws in the current theme.
    expect(js).toMatch(/querySelectorAll\('pre\.mermaid'\)[\s\S]*if \(diagrams\.length && script && script\.dataset\.mermaid\)/);
    expect(js).toContain("theme: isDark() ? 'dark' : 'default'");
    expect(js).toContain("securityLevel: 'strict'");
    const bundle = readFileSync(join(out, '_quire', 'mermaid.min.js'), 'utf8');
    expect(bundle).toContain('globalThis["mermaid"]');
    expect(siteAssets().files.map((f) => f.path)).toContain('_quire/mermaid.min.js');
  });
});

describe('embeds', () => {
  it('plays YouTube, Vimeo and Loom in sandboxed lazy frames; other URLs stay link cards', () => {
    const html = body('embeds');
    const frames = [...html.matchAll(/<iframe [^>]*><\/iframe>/g)].map((m) => m[0]);
    expect(frames).toEqual([
      '<iframe src="https://www.youtube-nocookie.com/embed/lTRiuFIWV54?start=65" title="YouTube video: Study music" loading="lazy" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>',
      '<iframe src="https://player.vimeo.com/video/76979871?dnt=1" title="Vimeo video" loading="lazy" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>',
      '<iframe src="https://www.loom.com/embed/2b4a574a4ad54586b5d486cb6ad3735b" title="Loom video" loading="lazy" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>',
      // Author HTML may frame an allowed player, but only with the schema's sandbox and no handler.
      '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    ]);
    expect(html).toContain('<a href="https://github.com/GitbookIO/gitbook" rel="noopener" class="embed-link"><span class="embed-host">github.com</span>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=lTRiuFIWV54&#x26;t=1m5s" rel="noopener">Open on YouTube</a>');
  });

  it("recognises the providers' URL shapes and nothing else", () => {
    expect(videoPlayer('https://youtu.be/dQw4w9WgXcQ?t=42')?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42');
    expect(videoPlayer('https://www.youtube.com/embed/hCd2_AAHU_I?si=jm2V')?.src).toBe('https://www.youtube-nocookie.com/embed/hCd2_AAHU_I');
    expect(videoPlayer('https://m.youtube.com/shorts/abcdefghijk')?.src).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk');
    expect(videoPlayer('https://www.youtube.com/watch?list=PLZAlnWDc6FDt4QfYCyjiMgexzTyDfDkdI&v=sU_JbCFUE7k')?.src).toBe(
      'https://www.youtube-nocookie.com/embed/sU_JbCFUE7k?list=PLZAlnWDc6FDt4QfYCyjiMgexzTyDfDkdI',
    );
    expect(videoPlayer('https://vimeo.com/123456/abcdef12')?.src).toBe('https://player.vimeo.com/video/123456?dnt=1&h=abcdef12');
    expect(videoPlayer('https://player.vimeo.com/video/123456')?.provider).toBe('Vimeo');
    expect(videoPlayer('https://www.loom.com/embed/abc123')?.src).toBe('https://www.loom.com/embed/abc123');
    for (const other of [
      'https://www.youtube.com/channel/xyz',
      'https://youtube.evil.com/watch?v=abcdefghijk',
      'https://vimeo.com/channels/staff',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=%22%3E%3Cscript',
    ]) {
      expect(videoPlayer(other), other).toBeNull();
    }
  });
});

describe('code blocks', () => {
  it('numbers the lines of plain and unknown-language code the way it numbers highlighted code', () => {
    const html = body('code');
    const blocks = [...html.matchAll(/<figure class="code-block line-numbers">([\s\S]*?)<\/figure>/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain(
      '<pre class="shiki plain" tabindex="0"><code><span class="line">first &lt;line&gt;</span>\n<span class="line">second</span></code></pre>',
    );
    expect(blocks[1]).toContain('<code><span class="line">alpha</span>\n<span class="line"></span>\n<span class="line">gamma</span></code>');
    expect(blocks[2]!.match(/<span class="line">/g)).toHaveLength(2);
    const css = readFileSync(new URL('../../templates/site.css', import.meta.url), 'utf8');
    expect(css).toContain('.line-numbers .line::before{counter-increment:line;content:counter(line)');
  });
});

describe('references', () => {
  it('resolves reference links and images by their definitions (the first of a label wins, in any case) and renders footnotes', () => {
    const html = body('references');
    expect(html).toContain('<a href="https://example.com/guide" title="The guide">the guide</a>');
    expect(html).toContain('<a href="https://example.com/guide" title="The guide">again</a>');
    expect(html).not.toContain('example.com/second');
    expect(html).toContain('<img src="https://example.com/logo.png" alt="a logo">');
    expect(html).toContain('<a href="https://example.com/inner"');
    expect(html).toContain('[missing][nope]');
    expect(html).toMatch(/<sup><a href="#user-content-fn-note" id="user-content-fnref-note"[^>]*>1<\/a><\/sup>/);
    expect(html).toMatch(/<section[^>]*class="footnotes"[\s\S]*The footnote text\./);
  });
});
