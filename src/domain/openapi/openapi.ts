import { newId, type OpenAPISpecRecord, type OpenAPIVersionRecord, type OpenAPIVisibility } from '../../model/index.js';
import { type Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import type { FetchPolicy } from '../core/fetch.js';
import type { Jobs } from '../core/jobs.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { RoleName } from '../core/roles.js';
import { FETCH_ATTEMPTS, PROCESS_JOB, type ProcessPayload, processSpec } from './process.js';
import { parseSpecText } from './text.js';

export { PROCESS_JOB } from './process.js';
export { parseSpecText, type SpecFormat } from './text.js';

export type SpecSource = { url: string } | { text: string };

export interface SpecView {
  spec: OpenAPISpecRecord;
  /** The caller's organization role. */
  role: RoleName | null;
}

export interface VersionView {
  spec: OpenAPISpecRecord;
  version: OpenAPIVersionRecord;
}

/** A version's document, read back from its stored text. */
export interface VersionContent extends VersionView {
  document: unknown;
}

/** The latest processed text of a spec, for a site build (no caller: visitors need no role). */
export interface PublishedSpec extends VersionView {
  text: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SPEC_BYTES = 32 * 1024 * 1024;

/**
 * OpenAPI specs of an organization, referred to by slug. Each new source is processed as a job; each successful
 * processing is a version. Reading needs a role in the organization; writing needs `create` (as GitBook's
 * `createOpenAPISpec` permission).
 */
export class OpenAPISpecs {
  /** What processing may fetch, and how long it waits (`FETCH_TIMEOUT`). */
  fetchPolicy: FetchPolicy;

  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly jobs: Jobs,
    fetchPolicy: FetchPolicy,
  ) {
    this.fetchPolicy = { ...fetchPolicy, maxBytes: Math.min(fetchPolicy.maxBytes, MAX_SPEC_BYTES) };
    jobs.register(PROCESS_JOB, (payload) => processSpec(this.deps, this.fetchPolicy, payload as ProcessPayload));
  }

  async list(caller: Caller, organizationId: string, page: PageRequest): Promise<Page<SpecView>> {
    const { org, role } = await this.access(caller, organizationId, 'read');
    const items = (await this.deps.store.openapi.in(org.id)).map((spec) => ({ spec, role }));
    return paginate(items, page, (v) => [v.spec.createdAt, v.spec.id]);
  }

  async get(caller: Caller, organizationId: string, slug: string): Promise<SpecView> {
    const { org, role } = await this.access(caller, organizationId, 'read');
    return { spec: await this.find(org.id, slug), role };
  }

  async create(caller: Caller, organizationId: string, slug: string, source: SpecSource): Promise<SpecView> {
    const { org, role } = await this.access(caller, organizationId, 'create');
    checkSlug(slug, 'slug');
    const input = await this.source(source);
    const spec = await this.deps.store.tx(async () => {
      if (await this.deps.store.openapi.bySlug(org.id, slug))
        throw conflict(`slug: the organization already has a spec "${slug}"; PUT /orgs/${org.id}/openapi/${slug} updates it`);
      return await this.insert(org.id, slug, input);
    });
    return { spec, role };
  }

  /** Sets the source of the spec with this slug, creating the spec when there is none. */
  async put(caller: Caller, organizationId: string, slug: string, source: SpecSource): Promise<SpecView & { created: boolean }> {
    const { org, role } = await this.access(caller, organizationId, 'create');
    const input = await this.source(source);
    return await this.deps.store.tx(async () => {
      const existing = await this.deps.store.openapi.bySlug(org.id, slug);
      if (!existing) {
        checkSlug(slug, 'specSlug');
        return { spec: await this.insert(org.id, slug, input), role, created: true };
      }
      const generation = await this.deps.store.openapi.setSource(existing.id, input, nowIso(this.deps));
      await this.schedule(existing.id, generation, input);
      return { spec: (await this.deps.store.openapi.get(existing.id))!, role, created: false };
    });
  }

  async setVisibility(caller: Caller, organizationId: string, slug: string, visibility: OpenAPIVisibility): Promise<SpecView> {
    const { org, role } = await this.access(caller, organizationId, 'create');
    // One transaction: a spec deleted meanwhile is not found, rather than read back as nothing.
    return await this.deps.store.tx(async () => {
      const spec = await this.find(org.id, slug);
      await this.deps.store.openapi.setVisibility(spec.id, visibility, nowIso(this.deps));
      return { spec: (await this.deps.store.openapi.get(spec.id))!, role };
    });
  }

  /** True when a spec was deleted, false when there was none. */
  async delete(caller: Caller, organizationId: string, slug: string): Promise<boolean> {
    const { org } = await this.access(caller, organizationId, 'create');
    const spec = await this.deps.store.openapi.bySlug(org.id, slug);
    return spec ? await this.deps.store.openapi.delete(spec.id) : false;
  }

  async versions(caller: Caller, organizationId: string, slug: string, page: PageRequest): Promise<Page<VersionView>> {
    const spec = (await this.get(caller, organizationId, slug)).spec;
    // Newest first, by the order they were made (n): a page token stays valid as new versions come in.
    const all = await this.deps.store.openapi.versions(spec.id);
    const items = all.map((version, i) => ({ spec, version, n: all.length - i }));
    return paginate(items, page, (v) => [v.n], true);
  }

  /** A version by id, or the latest with `latest`. */
  async version(caller: Caller, organizationId: string, slug: string, versionId: string | 'latest'): Promise<VersionView> {
    const spec = (await this.get(caller, organizationId, slug)).spec;
    const id = versionId === 'latest' ? spec.lastVersionId : versionId;
    const version = id ? await this.deps.store.openapi.version(spec.id, id) : undefined;
    if (!version) {
      throw notFound(
        versionId === 'latest'
          ? `The spec "${slug}" has no processed version yet (processing: ${spec.processingState})`
          : `No version ${versionId} of the spec "${slug}"`,
      );
    }
    return { spec, version };
  }

  async content(caller: Caller, organizationId: string, slug: string, versionId: string | 'latest'): Promise<VersionContent> {
    const view = await this.version(caller, organizationId, slug, versionId);
    const parsed = parseSpecText(await this.text(view.version));
    if (!parsed.ok) throw notFound(`The text of version ${view.version.id} cannot be read back`);
    return { ...view, document: parsed.value };
  }

  /** A version's text exactly as it was submitted or fetched, and its format. */
  async raw(caller: Caller, organizationId: string, slug: string, versionId: string | 'latest'): Promise<{ text: string; format: 'json' | 'yaml' }> {
    const { version } = await this.version(caller, organizationId, slug, versionId);
    return { text: await this.text(version), format: version.format };
  }

  /** The latest version of a spec and its text, for a site build; undefined when there is none. */
  async published(organizationId: string, slug: string): Promise<PublishedSpec | undefined> {
    const spec = await this.deps.store.openapi.bySlug(organizationId, slug);
    const version = spec?.lastVersionId ? await this.deps.store.openapi.version(spec.id, spec.lastVersionId) : undefined;
    if (!spec || !version) return undefined;
    const bytes = await this.deps.store.blobs.get(version.blob);
    return bytes ? { spec, version, text: bytes.toString('utf8') } : undefined;
  }

  /** Changes whenever a spec of the organization gets a new version: part of a site build's cache keys. */
  async stamp(organizationId: string): Promise<string> {
    return (await this.deps.store.openapi.in(organizationId)).map((s) => `${s.slug}=${s.lastVersionId ?? ''}`).join(',');
  }

  private async text(version: OpenAPIVersionRecord): Promise<string> {
    const bytes = await this.deps.store.blobs.get(version.blob);
    if (!bytes) throw notFound(`The text of version ${version.id} is missing from the blob store`);
    return bytes.toString('utf8');
  }

  private async access(caller: Caller, organizationId: string, needed: RoleName) {
    const org = await this.organizations.find(organizationId);
    return { org, role: await caller.access.requireOrganization(org, needed) };
  }

  private async find(organizationId: string, slug: string): Promise<OpenAPISpecRecord> {
    const spec = await this.deps.store.openapi.bySlug(organizationId, slug);
    if (!spec) throw notFound(`No matching OpenAPI specification found for the slug "${slug}"`);
    return spec;
  }

  /** Checks the source; a text is kept in the blob store. */
  private async source(source: SpecSource): Promise<{ url: string | null; blob: string | null }> {
    if ('url' in source) {
      let url: URL;
      try {
        url = new URL(source.url);
      } catch {
        throw invalidInput(`source.url: "${source.url}" is not a valid URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput(`source.url: only http and https URLs can be fetched, not ${url.protocol}`);
      return { url: url.href, blob: null };
    }
    if (!source.text.trim()) throw invalidInput('source.text: the text is empty');
    const bytes = Buffer.from(source.text, 'utf8');
    if (bytes.byteLength > MAX_SPEC_BYTES) throw invalidInput(`source.text: larger than ${MAX_SPEC_BYTES} bytes`);
    return { url: null, blob: await this.deps.store.blobs.put(bytes) };
  }

  private async insert(organizationId: string, slug: string, source: { url: string | null; blob: string | null }): Promise<OpenAPISpecRecord> {
    const now = nowIso(this.deps);
    const spec: OpenAPISpecRecord = {
      id: newId(),
      organizationId,
      slug,
      sourceUrl: source.url,
      sourceBlob: source.blob,
      visibility: 'private',
      processingState: 'pending',
      generation: 1,
      attempts: 0,
      lastVersionId: null,
      lastProcessedAt: null,
      lastErrorCode: null,
      lastErrors: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.store.openapi.insert(spec);
    await this.schedule(spec.id, spec.generation, source);
    return spec;
  }

  private async schedule(specId: string, generation: number, source: { url: string | null; blob: string | null }): Promise<void> {
    const payload: ProcessPayload = { spec: specId, generation, source };
    await this.jobs.schedule({ kind: PROCESS_JOB, payload, dedupeKey: `${PROCESS_JOB}:${specId}:${generation}`, maxAttempts: FETCH_ATTEMPTS });
  }
}

function checkSlug(slug: string, field: string): void {
  if (slug.length < 1 || slug.length > 100 || !SLUG.test(slug)) {
    throw invalidInput(`${field}: "${slug}" is not a valid slug: 1 to 100 lowercase letters and digits, in groups separated by single hyphens`);
  }
}
