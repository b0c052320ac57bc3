import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeBody } from '../../src/content/page-parse.js';
import { buildSite, type BuildOptions } from '../../src/site/build.js';
import type { SiteCustomization } from '../../src/site/customization.js';
import { siteSources, spaceSite } from '../../src/site/space-site.js';
import { setup } from '../gitsync/helpers.js';

export { CORPORA } from '../gitsync/helpers.js';

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `quire-site-${prefix}-`));

/** Syncs a directory into a fresh store, and returns a `build` of its one-space site. */
export async function syncedSpace(dir: string, title: string) {
  const env = await setup();
  const [report] = await env.sync(dir, { space: title });
  const spaceId = report!.space.id;
  const build = async (out: string, options: Partial<BuildOptions> = {}, customization?: SiteCustomization) =>
    buildSite(
      await spaceSite(env.domain, env.caller, spaceId, { siteUrl: 'https://docs.example.com', ...(customization ? { customization } : {}) }),
      siteSources(env.domain),
      { out, ...options },
    );
  const view = async () => await env.domain.content.current(env.caller, spaceId);
  /** A build that parses every page from its markdown, as if no sync had left a parsed body, in memory or stored. */
  const reparse = async (out: string, options: Partial<BuildOptions> = {}) => {
    for (const page of (await view()).index.documents()) takeBody(page.blob);
    const { parsedBodies: _stored, ...sources } = siteSources(env.domain);
    return buildSite(await spaceSite(env.domain, env.caller, spaceId, { siteUrl: 'https://docs.example.com' }), sources, { out, ...options });
  };
  return { ...env, spaceId, build, reparse, view };
}

/** A Git Sync directory of markdown pages (`README.md` first), with a SUMMARY listing them in order. */
export function markdownSpace(pages: Record<string, string>): string {
  const dir = tempDir('src');
  mkdirSync(join(dir, '.gitbook'), { recursive: true });
  const entries = Object.entries(pages).map(([file, text]) => `* [${/^# (.+)$/m.exec(text)?.[1] ?? file}](${file})`);
  writeFileSync(join(dir, 'SUMMARY.md'), `# Table of contents\n\n${entries.join('\n')}\n`);
  for (const [file, text] of Object.entries(pages)) writeFileSync(join(dir, file), text);
  return dir;
}
