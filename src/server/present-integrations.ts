import type * as api from '@gitbook/api';
import type { ContentInstallationView, InstallationView, IntegrationView, SiteScriptView } from '../domain/integrations/integrations.js';
import type { IntegrationEventRecord } from '../model/index.js';
import { organization, space, type Urls } from './present.js';
import { site } from './present-sites.js';

/** Published images come as base64 bytes; they are served inline as data URLs. */
function dataUrl(base64: string): string {
  const bytes = Buffer.from(base64.slice(0, 64), 'base64');
  const head = bytes.toString('latin1');
  const type = head.startsWith('\x89PNG')
    ? 'image/png'
    : head.startsWith('\xff\xd8')
      ? 'image/jpeg'
      : head.startsWith('GIF8')
        ? 'image/gif'
        : head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP'
          ? 'image/webp'
          : /^\s*<(\?xml|svg)/.test(head)
            ? 'image/svg+xml'
            : 'application/octet-stream';
  return `data:${type};base64,${base64}`;
}

/** Where the integration's HTTP handler would be reached from the web, per installation and space or site. */
const publicEndpoint = (urls: Urls, name: string, rest = '') => `${urls.base}/integrations/${name}${rest}`;

export function integration(urls: Urls, view: IntegrationView): api.Integration & { urls: { publicContentEndpoint: string } } {
  const i = view.integration;
  const m = i.manifest;
  return {
    object: 'integration',
    name: i.name,
    version: i.version,
    title: i.title,
    description: m.description,
    ...(m.summary !== undefined ? { summary: m.summary } : {}),
    previewImages: m.previewImages.map(dataUrl),
    target: i.target as api.IntegrationTarget,
    verified: false,
    visibility: i.visibility as api.IntegrationVisibility,
    scopes: m.scopes as api.IntegrationScope[],
    // 0.202.0 dropped the `gitsync` category (docs/api.md, "Two contracts").
    categories: m.categories.filter((c) => c !== 'gitsync') as api.IntegrationCategory[],
    blocks: m.blocks as unknown as api.IntegrationBlock[],
    contentSources: m.contentSources as unknown as api.IntegrationContentSource[],
    configurations: m.configurations as api.IntegrationConfigurations,
    externalLinks: m.externalLinks,
    owner: organization(urls, view.owner, view.ownerRole),
    urls: {
      location: urls.api(`/integrations/${i.name}`),
      ...(m.icon !== undefined ? { icon: dataUrl(m.icon) } : {}),
      app: urls.app(`/integrations/${i.name}`),
      assets: publicEndpoint(urls, i.name, '/assets'),
      publicEndpoint: publicEndpoint(urls, i.name),
      // Content is served from the same origin: no separate one for it.
      publicContentEndpoint: publicEndpoint(urls, i.name),
    },
    permissions: { admin: view.ownerRole === 'admin' },
    ...(m.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: m.contentSecurityPolicy } : {}),
  };
}

const installationPath = (name: string, id: string) => `/integrations/${name}/installations/${id}`;

export function installation(urls: Urls, view: InstallationView): api.IntegrationInstallation & { urls: { publicContentEndpoint: string } } {
  const { installation: i } = view;
  return {
    id: i.id,
    status: i.status as api.IntegrationInstallationStatus,
    space_selection: i.spaceSelection as api.IntegrationInstallationSpaceSelection,
    site_selection: i.siteSelection as api.IntegrationInstallationSiteSelection,
    spaces: view.spaces,
    configuration: i.configuration,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    urls: {
      location: urls.api(installationPath(i.integration, i.id)),
      app: urls.app(`/o/${i.organizationId}/integrations/${i.integration}`),
      publicEndpoint: publicEndpoint(urls, i.integration, `/installations/${i.id}`),
      publicContentEndpoint: publicEndpoint(urls, i.integration, `/installations/${i.id}`),
    },
    externalIds: i.externalIds,
    target: { organization: i.organizationId },
  };
}

function contentInstallationBase(urls: Urls, view: ContentInstallationView) {
  const { record, integration: i } = view;
  const path = `${installationPath(i.name, record.installationId)}/${view.kind}s/${record.targetId}`;
  const endpoint = publicEndpoint(urls, i.name, path.slice(`/integrations/${i.name}`.length));
  return {
    integration: i.name,
    installation: record.installationId,
    status: record.status as api.IntegrationInstallationStatus,
    configuration: record.configuration,
    externalIds: record.externalIds,
    urls: { location: urls.api(path), publicEndpoint: endpoint, publicContentEndpoint: endpoint },
  };
}

export function spaceInstallation(urls: Urls, view: ContentInstallationView): api.IntegrationSpaceInstallation {
  return { ...contentInstallationBase(urls, view), space: view.space ? space(urls, view.space) : view.record.targetId };
}

export function siteInstallation(urls: Urls, view: ContentInstallationView): api.IntegrationSiteInstallation {
  return { ...contentInstallationBase(urls, view), site: view.site ? site(urls, view.site) : view.record.targetId };
}

/**
 * `status` is `success` once delivered (or when there was nothing to deliver to) and `failed` otherwise, including
 * while a retry is pending; `delivery` (beyond the spec) tells those apart.
 */
export function event(e: IntegrationEventRecord): api.IntegrationEvent & { delivery: { state: string; attempts: number } } {
  return {
    id: e.id,
    integrationId: e.integrationId,
    ...(e.installationId ? { installationId: e.installationId } : {}),
    createdAt: e.createdAt,
    payload: e.payload as unknown as api.Event,
    status: e.status === 'success' ? 'success' : 'failed',
    delivery: { state: e.status, attempts: e.attempts },
  };
}

export function eventTrace(e: IntegrationEventRecord): api.IntegrationEventTrace {
  return { logs: e.trace as api.IntegrationEventLog[] };
}

export function siteScript(urls: Urls, view: SiteScriptView): api.SiteIntegrationScript {
  const path = `/installations/${view.installation.id}/sites/${view.siteId}/script.js`;
  return {
    script: publicEndpoint(urls, view.integration.name, path),
    cookies: view.cookies,
    ...(view.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: view.contentSecurityPolicy } : {}),
  };
}
