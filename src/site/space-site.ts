/** The site a user gets from one space with no site configured: the space at the root, default customization. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinPath, parseGitBookYaml } from '../content/index.js';
import type { Caller, Domain } from '../domain/index.js';
import type { SiteSources } from './build.js';
import type { SiteCustomization } from './customization.js';
import { siteOpenAPI } from './openapi/specs.js';
import type { SiteInput } from './types.js';

export interface SpaceSiteOptions {
  customization?: SiteCustomization;
  editUrl?: string;
  redirects?: Record<string, string>;
  basePath?: string;
  siteUrl?: string;
}

/** The live space with this id, or else this exact title, among the organizations given; undefined if none. */
export async function findSpace(domain: Domain, organizationIds: readonly string[], idOrTitle: string) {
  for (const id of organizationIds) {
    const space = await domain.sync.findSpace(id, idOrTitle);
    if (space) return space;
  }
  return undefined;
}

export async function spaceSite(domain: Domain, caller: Caller, spaceId: string, options: SpaceSiteOptions = {}): Promise<SiteInput> {
  const view = await domain.content.current(caller, spaceId);
  return {
    title: view.space.title,
    ...(options.basePath ? { basePath: options.basePath } : {}),
    ...(options.siteUrl ? { siteUrl: options.siteUrl.replace(/\/+$/, '') } : {}),
    spaces: [
      {
        prefix: '',
        title: view.space.title,
        view,
        ...(options.customization ? { customization: options.customization } : {}),
        ...(options.editUrl ? { editUrl: options.editUrl } : {}),
        ...(options.redirects ? { redirects: options.redirects } : {}),
      },
    ],
    openapi: await siteOpenAPI(domain, view.organization.id, [view]),
  };
}

/** Blobs from the store; the space root from the parse record of any of the revision's pages, the bodies with them. */
export function siteSources(domain: Domain): SiteSources {
  return {
    blobs: domain.deps.store.blobs,
    async spaceRoot(view) {
      const first = view.index.documents()[0];
      return (first && (await domain.sync.parsed([first.blob])).get(first.blob)?.spaceRoot) || '';
    },
    parsedBodies: async (oids) => await domain.sync.parsedBodies(oids),
  };
}

/** The `.gitbook.yaml` redirects of a synced space, as repository paths (read from the synced directory). */
export async function gitbookRedirects(domain: Domain, spaceId: string): Promise<Record<string, string>> {
  const state = await domain.sync.state(spaceId);
  if (!state) return {};
  let text: string;
  try {
    text = readFileSync(join(state.source, state.directory, '.gitbook.yaml'), 'utf8');
  } catch {
    return {};
  }
  const config = parseGitBookYaml(text);
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(config.redirects)) {
    const target = joinPath(state.directory, config.root, to.replace(/^\/+/, ''));
    if (target !== null) out[from] = target;
  }
  return out;
}
