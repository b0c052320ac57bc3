import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { evaluateCondition, visitorContext } from '../../content/expression.js';
import { newId, type SiteAdaptiveSchemaRecord, type SitePublishingAuthRecord, type SiteRecord } from '../../model/index.js';
import { type Caller, nowIso } from '../core/context.js';
import { DomainError, notFound } from '../core/errors.js';
import type { SiteAccess } from './access.js';
import { SitePreviews } from './preview.js';
import { SHARE_KEY_PARAM } from './share-links.js';

/** The query parameter that carries a visitor token on a `visitor-auth` site, as GitBook names it. */
export const VISITOR_TOKEN_PARAM = 'jwt_token';

export interface PublishingAuthView {
  site: SiteRecord;
  privateKey: string;
  settings: SitePublishingAuthRecord['settings'];
}

export interface PublishingAuthPatch {
  backend: 'custom' | 'integration';
  fallbackURL?: string | null;
}

/** What a visitor presents: a share key, a signed token, and the unsigned claims of the URL (`?visitor.plan=pro`). */
export interface VisitorCredentials {
  /** A preview link's token: opens the site whether published or not, whatever its visibility. */
  preview?: string | undefined;
  shareKey?: string | undefined;
  token?: string | undefined;
  unsigned?: Record<string, unknown>;
}

export interface Visitor {
  site: SiteRecord;
  /** `visitor.claims` as conditions read them (`unsigned` inside). */
  claims: Record<string, unknown>;
}

/** A visitor the site turns away; `fallbackURL` is where a `visitor-auth` site sends them to sign in. */
export class VisitorDenied extends DomainError {
  constructor(
    kind: 'unauthenticated' | 'not-found',
    message: string,
    readonly fallbackURL?: string,
  ) {
    super(kind, message);
  }
}

/**
 * Who may see a published site, and as whom: share keys for `share-link` sites, tokens signed with the site's key
 * for `visitor-auth` sites (their claims drive adaptive content), and the adaptive schema those claims follow.
 */
export class SitePublishing {
  readonly previews: SitePreviews;

  constructor(private readonly access: SiteAccess) {
    this.previews = new SitePreviews(access);
  }

  async auth(caller: Caller, organizationId: string, siteId: string): Promise<PublishingAuthView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    return this.present(site, await this.record(site));
  }

  async updateAuth(caller: Caller, organizationId: string, siteId: string, patch: PublishingAuthPatch): Promise<PublishingAuthView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const { store } = this.access.deps;
    // Read and written in one transaction: the record read carries the signing key, which a regeneration may replace.
    const next = await store.tx(async () => {
      const current = await this.record(site);
      const settings = { ...current.settings, backend: patch.backend };
      if (patch.fallbackURL === null) delete settings.fallbackURL;
      else if (patch.fallbackURL !== undefined) settings.fallbackURL = patch.fallbackURL;
      const next = { ...current, settings, updatedAt: nowIso(this.access.deps) };
      await store.sites.putPublishingAuth(next);
      return next;
    });
    return this.present(site, next);
  }

  /** A new signing key: every token signed with the old one stops working. */
  async regenerate(caller: Caller, organizationId: string, siteId: string): Promise<PublishingAuthView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const { store } = this.access.deps;
    // Read and written in one transaction: settings saved meanwhile stay, and the key answered is the key stored.
    const next = await store.tx(async () => {
      const next = { ...(await this.record(site)), sealedKey: store.secrets.seal(newKey()), updatedAt: nowIso(this.access.deps) };
      await store.sites.putPublishingAuth(next);
      return next;
    });
    return this.present(site, next);
  }

  async adaptiveSchema(caller: Caller, organizationId: string, siteId: string): Promise<SiteAdaptiveSchemaRecord> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const schema = await this.access.deps.store.sites.adaptiveSchema(site.id);
    if (!schema) throw notFound('No visitor attributes schema found for the site.');
    return schema;
  }

  async updateAdaptiveSchema(caller: Caller, organizationId: string, siteId: string, jsonSchema: Record<string, unknown>): Promise<SiteAdaptiveSchemaRecord> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const record = { siteId: site.id, jsonSchema, updatedAt: nowIso(this.access.deps) };
    await this.access.deps.store.sites.putAdaptiveSchema(record);
    return record;
  }

  /** Ready-made conditions for each claim the adaptive schema declares (none without a schema). */
  async templateConditions(caller: Caller, organizationId: string, siteId: string): Promise<Array<{ description: string; condition: string }>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const schema = (await this.access.deps.store.sites.adaptiveSchema(site.id))?.jsonSchema;
    const properties = (schema?.properties ?? {}) as Record<string, ClaimSchema>;
    const { unsigned, ...signed } = properties;
    return [
      ...claimConditions('visitor.claims', signed),
      ...claimConditions('visitor.claims.unsigned', (unsigned?.properties ?? {}) as Record<string, ClaimSchema>),
    ];
  }

  /** `docs publish`: the site is published, and the build that published it is recorded as a `site_published` event. */
  async recordPublished(siteId: string, build: { out: string; pages: number; rendered: number }): Promise<SiteRecord> {
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const site = await store.sites.get(siteId);
      if (!site) throw notFound(`No matching site found for the ID ${siteId}`);
      const next = site.published ? site : await this.access.save({ ...site, published: true });
      const createdAt = nowIso(this.access.deps);
      await store.events.insert({ id: newId(), spaceId: null, type: 'site_published', payload: { siteId, ...build }, createdAt });
      return next;
    });
  }

  /** The visitor of a published site, or VisitorDenied. */
  async admit(site: SiteRecord, credentials: VisitorCredentials): Promise<Visitor> {
    const unsigned = credentials.unsigned ?? {};
    if (credentials.preview !== undefined) {
      const opened = await this.previews.open(site, credentials.preview);
      if ('refused' in opened) throw new VisitorDenied('unauthenticated', opened.refused);
      return { site, claims: { ...opened.claims, unsigned } };
    }
    if (!site.published) throw new VisitorDenied('not-found', `The site ${site.basename} is not published`);
    switch (site.visibility) {
      case 'share-link': {
        const opens = credentials.shareKey !== undefined && (await this.access.deps.store.sites.shareLinkByKey(credentials.shareKey));
        if (!opens || !opens.active || opens.siteId !== site.id) {
          throw new VisitorDenied('unauthenticated', `This site is shared by link only: open it with its share link (?${SHARE_KEY_PARAM}=<key>)`);
        }
        return { site, claims: { unsigned } };
      }
      case 'visitor-auth':
        return { site, claims: { ...(await this.verify(site, credentials.token)), unsigned } };
      default:
        return { site, claims: { unsigned } };
    }
  }

  /** True when the condition holds for this visitor (no condition: always). */
  shows(condition: string | null | undefined, visitor: Pick<Visitor, 'claims'>): boolean {
    return evaluateCondition(condition, visitorContext(visitor.claims));
  }

  private async verify(site: SiteRecord, token: string | undefined): Promise<Record<string, unknown>> {
    const record = await this.access.deps.store.sites.publishingAuth(site.id);
    const fallback = record?.settings.fallbackURL;
    const key = record && this.access.deps.store.secrets.open(record.sealedKey);
    if (!token) throw new VisitorDenied('unauthenticated', `This site needs a visitor token (?${VISITOR_TOKEN_PARAM}=<jwt>) signed with its key`, fallback);
    if (!key) throw new VisitorDenied('unauthenticated', 'This site has no visitor authentication key yet: nobody can sign in', fallback);
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(key), { algorithms: ['HS256', 'HS384', 'HS512'] });
      const { iat: _iat, exp: _exp, nbf: _nbf, ...claims } = payload;
      return claims;
    } catch (error) {
      const reason = error instanceof joseErrors.JWTExpired ? 'the visitor token has expired' : 'the visitor token is not valid for this site';
      throw new VisitorDenied('unauthenticated', reason, fallback);
    }
  }

  private async record(site: SiteRecord): Promise<SitePublishingAuthRecord> {
    return await this.access.deps.store.tx(async () => {
      const existing = await this.access.deps.store.sites.publishingAuth(site.id);
      if (existing) return existing;
      const created: SitePublishingAuthRecord = {
        siteId: site.id,
        sealedKey: this.access.deps.store.secrets.seal(newKey()),
        settings: { backend: 'custom' },
        updatedAt: nowIso(this.access.deps),
      };
      await this.access.deps.store.sites.putPublishingAuth(created);
      return created;
    });
  }

  private present(site: SiteRecord, record: SitePublishingAuthRecord): PublishingAuthView {
    const privateKey = this.access.deps.store.secrets.open(record.sealedKey);
    if (privateKey === undefined)
      throw new DomainError('conflict', `The publishing key of the site ${site.id} was sealed under another key file: regenerate it`);
    return { site, privateKey, settings: record.settings };
  }
}

interface ClaimSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, ClaimSchema>;
}

function claimConditions(prefix: string, properties: Record<string, ClaimSchema>): Array<{ description: string; condition: string }> {
  return Object.entries(properties).flatMap(([name, schema]) => {
    const path = /^[A-Za-z_$][\w$]*$/.test(name) ? `${prefix}.${name}` : `${prefix}[${JSON.stringify(name)}]`;
    const about = schema.description ? ` (${schema.description})` : '';
    if (schema.enum?.length) {
      return schema.enum.map((value) => ({
        description: `Visitors whose ${name} is ${JSON.stringify(value)}${about}`,
        condition: `${path} === ${JSON.stringify(value)}`,
      }));
    }
    if (schema.type === 'boolean') return [{ description: `Visitors whose ${name} is true${about}`, condition: `${path} === true` }];
    return [{ description: `Visitors who have a ${name}${about}`, condition: `${path} !== undefined` }];
  });
}

const newKey = () => randomBytes(32).toString('base64url');
