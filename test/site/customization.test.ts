import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteCustomization } from '../../src/site/customization.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';

const css = readFileSync(new URL('../../templates/site.css', import.meta.url), 'utf8');
const js = readFileSync(new URL('../../templates/site.js', import.meta.url), 'utf8');

let space: Awaited<ReturnType<typeof syncedSpace>>;
beforeAll(async () => {
  space = await syncedSpace(
    markdownSpace({
      'README.md': '# Home\n\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n',
      'guide.md': '# Guide\n\nText.\n',
    }),
    'Custom',
  );
});

/** The home page of the space built with this customization. */
async function home(customization: SiteCustomization): Promise<string> {
  const out = tempDir('custom');
  await space.build(out, {}, customization);
  return readFileSync(join(out, 'index.html'), 'utf8');
}

const rootClasses = (page: string) => (/<html [^>]*class="([^"]*)"/.exec(page)?.[1] ?? '').split(' ');
const inlineStyle = (page: string) => /<style>([^<]*)<\/style>/.exec(page)?.[1] ?? '';
const header = (page: string) => /<header class="site-header[\s\S]*?<\/header>/.exec(page)?.[0] ?? '';

describe('customization members', () => {
  it('styling.tint: tint colours as variables, and the background and sidebar are tinted', async () => {
    const page = await home({ styling: { tint: { color: { light: '#ff6600', dark: '#aa4400' } } } });
    expect(rootClasses(page)).toContain('tint');
    expect(inlineStyle(page)).toMatch(/^:root\{--primary:#346ddb;--on-primary:#fff;--tint:#ff6600;/);
    expect(inlineStyle(page)).toContain(':root[data-theme=dark]{--primary:#6f9cf0;--on-primary:#111418;--tint:#aa4400}');
    expect(css).toMatch(/:root\.tint\{--bg:color-mix\(in srgb,var\(--tint/);
    expect(css).toContain(':root.tint[data-theme=dark]{--bg:');
    expect(css).toContain('.tint .sidebar{background:var(--soft)');
    // Without a tint nothing is tinted, and a value that is not a colour is ignored.
    expect(rootClasses(await home({}))).not.toContain('tint');
    const bad = await home({ styling: { tint: { color: { light: 'red;}body{x:y', dark: '#000' } } } });
    expect(rootClasses(bad)).not.toContain('tint');
    expect(inlineStyle(bad)).not.toContain('body{');
  });

  it('info/success/warning/danger colours: override the hint colours, light and dark', async () => {
    const page = await home({
      styling: {
        infoColor: { light: '#0000aa', dark: '#8888ff' },
        successColor: { light: '#00aa00', dark: '#88ff88' },
        warningColor: { light: '#aa5500', dark: '#ffcc88' },
        dangerColor: { light: '#aa0000', dark: '#ff8888' },
      },
    });
    const style = inlineStyle(page);
    expect(style).toContain('--info:#0000aa;--success:#00aa00;--warning:#aa5500;--danger:#aa0000');
    expect(style).toContain(
      ':root[data-theme=dark]{--primary:#6f9cf0;--on-primary:#111418;--info:#8888ff;--success:#88ff88;--warning:#ffcc88;--danger:#ff8888}',
    );
    expect(style).toContain('@media (prefers-color-scheme:dark){:root[data-theme=system]{--primary:#6f9cf0;--on-primary:#111418;--info:#8888ff');
    expect(page).toContain('class="hint hint-warning"');
    expect(css).toMatch(/\.hint-warning\{[^}]*--hint:var\(--warning\)/);
    expect(inlineStyle(await home({}))).not.toContain('--info');
  });

  it('depth: subtle gives elevated blocks shadows, flat takes them away', async () => {
    expect(rootClasses(await home({}))).toContain('depth-subtle');
    expect(rootClasses(await home({ styling: { depth: 'flat' } }))).toContain('depth-flat');
    expect(css).toMatch(/\.depth-subtle \.code-block,[^{]*\{box-shadow:/);
    expect(css).toMatch(/\.depth-flat \.search-panel[^{]*\{box-shadow:none/);
  });

  it('icons: the icon style draws the hint icons', async () => {
    expect(rootClasses(await home({}))).toContain('icons-regular');
    for (const style of ['solid', 'duotone', 'light', 'thin'] as const) {
      expect(rootClasses(await home({ styling: { icons: style } }))).toContain(`icons-${style}`);
      expect(css).toContain(`.icons-${style} .hint::before{`);
    }
    expect(css).toMatch(/\.hint::before\{content:"i"/);
  });

  it('themes muted and gradient have their own styles', async () => {
    expect(rootClasses(await home({ styling: { theme: 'muted' } }))).toContain('theme-muted');
    expect(rootClasses(await home({ styling: { theme: 'gradient' } }))).toContain('theme-gradient');
    expect(css).toMatch(/:root\.theme-muted,:root\.tint\{--bg:color-mix\(in srgb,var\(--tint,var\(--primary\)\)/);
    expect(css).toContain(':root.theme-muted[data-theme=dark]');
    expect(css).toMatch(/\.theme-gradient body\{background:linear-gradient\(/);
    expect(css).toMatch(/\.theme-gradient \.site-header\{background:linear-gradient\(/);
  });

  it('feedback.enabled: a "Was this page helpful?" widget the script shows; absent when disabled', async () => {
    const page = await home({ feedback: { enabled: true } });
    const widget = /<div class="feedback" data-feedback hidden>[\s\S]*?<p class="feedback-thanks" role="status"><\/p><\/div>/.exec(page)?.[0];
    expect(widget).toBeDefined();
    expect(widget).toContain('Was this page helpful?');
    expect(widget).toContain('role="group" aria-labelledby="quire-feedback"');
    expect(widget).toContain('<button type="button" data-feedback-value="yes" aria-pressed="false">Yes</button>');
    expect(widget).toContain('<button type="button" data-feedback-value="no" aria-pressed="false">No</button>');
    expect(js).toContain('localStorage.setItem(feedbackKey, b.dataset.feedbackValue)');
    // A static build names no server: the answer stays in the browser (the script posts only to a named endpoint).
    expect(widget).not.toContain('data-feedback-endpoint');
    expect(widget).not.toContain('<form');
    expect(js).toContain('var canSend = !!(endpoint && window.fetch);');
    expect(await home({ feedback: { enabled: false } })).not.toContain('data-feedback');
    expect(await home({})).not.toContain('data-feedback');
  });

  it('footer.logo: the light and dark logos in the footer', async () => {
    const page = await home({ footer: { logo: { light: 'https://cdn.example.com/light.svg', dark: 'https://cdn.example.com/dark.svg' } } });
    const footer = /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(page)?.[0] ?? '';
    expect(footer).toContain(
      '<p class="footer-brand"><img class="footer-logo logo-light" src="https://cdn.example.com/light.svg" alt="Custom"><img class="footer-logo logo-dark" src="https://cdn.example.com/dark.svg" alt="Custom"></p>',
    );
    const unsafe = await home({ footer: { logo: { light: 'javascript:alert(1)', dark: 'javascript:alert(2)' } } });
    expect(unsafe).not.toContain('footer-logo');
  });

  it('header links: nested links are a <details> menu, and style makes buttons', async () => {
    const page = header(
      await home({
        header: {
          links: [
            {
              title: 'Products',
              to: 'https://example.com/products',
              links: [
                { title: 'API', to: 'https://example.com/api' },
                { title: 'SDK', to: '/sdk/' },
              ],
            },
            { title: 'Sign up', to: 'https://example.com/signup', style: 'button-primary' },
            { title: 'Contact', to: 'https://example.com/contact', style: 'button-secondary' },
            { title: 'Blog', to: 'https://example.com/blog', style: 'link' },
          ],
        },
      }),
    );
    expect(page).toContain(
      '<details class="header-menu"><summary class="header-link">Products</summary><ul class="header-menu-list">' +
        '<li><a href="https://example.com/products">Products</a></li><li><a href="https://example.com/api">API</a></li><li><a href="/sdk/">SDK</a></li></ul></details>',
    );
    expect(page).toContain('<a class="header-link button button-primary" href="https://example.com/signup">Sign up</a>');
    expect(page).toContain('<a class="header-link button button-secondary" href="https://example.com/contact">Contact</a>');
    expect(page).toContain('<a class="header-link" href="https://example.com/blog">Blog</a>');
    // A menu whose parent is one of its links lists it once; a button-styled menu styles its summary.
    const menu = header(
      await home({
        header: {
          links: [
            {
              title: 'Docs',
              to: '/a/',
              style: 'button-secondary',
              links: [
                { title: 'A', to: '/a/' },
                { title: 'B', to: '/b/' },
              ],
            },
          ],
        },
      }),
    );
    expect(menu).toContain(
      '<summary class="header-link button button-secondary">Docs</summary><ul class="header-menu-list"><li><a href="/a/">A</a></li><li><a href="/b/">B</a></li></ul>',
    );
    expect(css).toMatch(/\.header-menu-list\{position:absolute/);
    // Button text reads on the primary colour in both themes (white on a dark primary, near-black on a light one).
    expect(css).toContain('.button-primary{background:var(--primary);color:var(--on-primary,#fff)!important}');
    expect(inlineStyle(await home({ styling: { primaryColor: { light: '#1a237e', dark: '#ffd54f' } } }))).toMatch(
      /^:root\{--primary:#1a237e;--on-primary:#fff;[\s\S]*:root\[data-theme=dark\]\{--primary:#ffd54f;--on-primary:#111418\}/,
    );
    expect(js).toContain("document.querySelectorAll('.header-menu')");
  });

  it('a 300-entry sidebar page with every member set stays within the page budget', async () => {
    const pages: Record<string, string> = { 'README.md': '# Home\n\nWelcome.\n' };
    for (let i = 1; i < 300; i++) pages[`page-${i}.md`] = `# Page number ${i}\n\nSome text for page ${i}.\n`;
    const big = await syncedSpace(markdownSpace(pages), 'Big');
    const out = tempDir('big');
    await big.build(
      out,
      {},
      {
        styling: {
          theme: 'gradient',
          tint: { color: { light: '#ff6600', dark: '#aa4400' } },
          depth: 'flat',
          icons: 'solid',
          infoColor: { light: '#0000aa', dark: '#8888ff' },
        },
        feedback: { enabled: true },
        footer: { logo: { light: '/l.svg', dark: '/d.svg' } },
        header: { links: [{ title: 'More', to: '/x/', links: [{ title: 'Y', to: '/y/' }] }] },
      },
    );
    const page = readFileSync(join(out, 'page-150', 'index.html'));
    expect(page.length).toBeLessThanOrEqual(80 * 1024);
    const upFront = readFileSync(join(out, '_quire', 'site.js')).length;
    expect(upFront).toBeLessThanOrEqual(50 * 1024);
    // mermaid is only named (data-mermaid) for the script to load on demand, never loaded by a tag.
    expect(page.toString()).not.toMatch(/<script[^>]+src="[^"]*mermaid/);
  });
});
