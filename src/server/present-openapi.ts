import type * as api from '@gitbook/api';
import type { SpecView, VersionContent, VersionView } from '../domain/openapi/openapi.js';
import { atLeast } from '../domain/core/roles.js';
import type { OpenAPISpecRecord } from '../model/index.js';
import type { Urls } from './present.js';

const specPath = (s: OpenAPISpecRecord) => `/orgs/${s.organizationId}/openapi/${s.slug}`;

export function openAPISpec(urls: Urls, { spec: s, role }: SpecView): api.OpenAPISpec & { lastProcessedErrorCount: number } {
  return {
    object: 'openapi-spec',
    id: s.id,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    slug: s.slug,
    ...(s.sourceUrl ? { sourceURL: s.sourceUrl } : {}),
    processingState: s.processingState as api.OpenAPISpecProcessingState,
    visibility: s.visibility as api.OpenAPISpecVisibility,
    ...(s.lastVersionId ? { lastVersion: s.lastVersionId } : {}),
    ...(s.lastProcessedAt ? { lastProcessedAt: s.lastProcessedAt } : {}),
    ...(s.lastErrorCode ? { lastProcessErrorCode: s.lastErrorCode as api.OpenAPISpecProcessingErrorCode } : {}),
    ...(s.lastErrors ? { lastProcessedErrors: s.lastErrors } : {}),
    // The errors kept: processing keeps at most 20 (src/domain/openapi/validate.ts) and counts none beyond.
    lastProcessedErrorCount: s.lastErrors?.length ?? 0,
    permissions: { view: true, edit: atLeast(role, 'create') },
    urls: { location: urls.api(specPath(s)), app: urls.app(`/o/${s.organizationId}/openapi/${s.slug}`) },
  };
}

/** Where the version's text can be read: the URL it was fetched from, or its content in this API for a text source. */
const versionUrl = (urls: Urls, { spec, version }: VersionView) => version.sourceUrl ?? urls.api(`${specPath(spec)}/versions/${version.id}/content`);

export function openAPISpecVersion(urls: Urls, view: VersionView): api.OpenAPISpecVersion {
  return {
    object: 'openapi-spec-version',
    id: view.version.id,
    createdAt: view.version.createdAt,
    url: versionUrl(urls, view),
    urls: { location: urls.api(`${specPath(view.spec)}/versions/${view.version.id}`) },
  };
}

/**
 * `filesystem` maps each file of the spec to an entry shaped as GitBook's parser's (`Object.values` gives its
 * `Filesystem` array); a spec here is one file, its entry point.
 */
export function openAPISpecContent(urls: Urls, view: VersionContent): api.OpenAPISpecContent & { urls: { source: string; public: string | null } } {
  const filename = view.version.fileName;
  return {
    filesystem: { [filename]: { dir: '/', filename, isEntrypoint: true, references: [], specification: view.document } },
    url: versionUrl(urls, view),
    // No proxy serves a stored spec to the public: a public spec's public address is the one it is fetched from, if any.
    urls: { source: versionUrl(urls, view), public: view.spec.visibility === 'public' ? (view.version.sourceUrl ?? null) : null },
  };
}
