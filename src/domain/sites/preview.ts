// Preview links: a signed URL that opens a site as it would be published (even unpublished, whatever its visibility)
// for one hour, as a visitor with the given claims. Signed with a key derived from the store's key, so nobody else
// (not even a site's visitor-auth backend) can make one.
import { createRequire } from 'node:module';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SiteRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { invalidInput } from '../core/errors.js';
import type { SiteAccess } from './access.js';

/** The query parameter that carries a preview token: `/<basename>/...?preview=<token>`. */
export const PREVIEW_PARAM = 'preview';
const AUDIENCE = 'quire-site-preview';
const LIFETIME = '1h';

const rison = createRequire(import.meta.url)('rison-node') as { decode(text: string): unknown };

export interface PreviewLink {
  site: SiteRecord;
  /** Path under the site root of the site space previewed ('' for the default). */
  urlPath: string;
  token: string;
}

export class SitePreviews {
  constructor(private readonly access: SiteAccess) {}

  async create(caller: Caller, organizationId: string, siteId: string, request: { siteSpace?: string; claims?: string }): Promise<PreviewLink> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'edit');
    const claims = parseClaims(request.claims);
    const tree = await this.access.tree(caller, site);
    let urlPath = '';
    if (request.siteSpace !== undefined) {
      const node = tree.siteSpaces.find((n) => n.record.id === request.siteSpace);
      if (!node) throw invalidInput(`siteSpace: no site space ${request.siteSpace} in the site ${site.id}`);
      urlPath = node.urlPath;
    }
    const token = await new SignJWT({ claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setSubject(site.id)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(this.key());
    return { site, urlPath, token };
  }

  /** The claims a preview token carries, or a reason it opens nothing. */
  async open(site: SiteRecord, token: string): Promise<{ claims: Record<string, unknown> } | { refused: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key(), { algorithms: ['HS256'], audience: AUDIENCE, subject: site.id });
      return { claims: (payload.claims ?? {}) as Record<string, unknown> };
    } catch (error) {
      return { refused: error instanceof joseErrors.JWTExpired ? 'this preview link has expired' : 'this preview link is not valid for this site' };
    }
  }

  private key(): Uint8Array {
    return this.access.deps.store.secrets.derive('site-preview');
  }
}

function parseClaims(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  let value: unknown;
  try {
    value = rison.decode(text);
  } catch (error) {
    throw invalidInput(`claims: not valid Rison (${(error as Error).message.replace(/^rison decoder error: /, '')})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidInput('claims: expected a Rison object, such as (plan:pro,beta:!t)');
  return value as Record<string, unknown>;
}
