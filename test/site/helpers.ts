import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, type BuildOptions } from '../../src/site/build.js';
import { siteSources, spaceSite } from '../../src/site/space-site.js';
import { setup } from '../gitsync/helpers.js';

export { CORPORA } from '../gitsync/helpers.js';

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `quire-site-${prefix}-`));

/** Syncs a directory into a fresh store, and returns a `build` of its one-space site. */
export async function syncedSpace(dir: string, title: string) {
  const env = setup();
  const [report] = await env.sync(dir, { space: title });
  const spaceId = report!.space.id;
  const build = (out: string, options: Partial<BuildOptions> = {}) =>
    buildSite(spaceSite(env.domain, env.caller, spaceId, { siteUrl: 'https://docs.example.com' }), siteSources(env.domain), { out, ...options });
  const view = () => env.domain.content.current(env.caller, spaceId);
  return { ...env, spaceId, build, view };
}
