import type { OrganizationRecord } from '../../model/index.js';
import type { Deps } from '../core/context.js';
import { notFound } from '../core/errors.js';

/** GitBook's subdomain rule: 3 to 32 lowercase letters, digits and hyphens, starting and ending alphanumeric. */
export const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

/**
 * Every organization has one subdomain, unique on the server. It is the organization's `hostname` when that is
 * a valid subdomain (ignoring case) and no older organization claimed it first; otherwise it is made from the
 * title (`Acme Docs` -> `acme-docs`), with `-2`, `-3`... added when taken. Older organizations choose first,
 * so a subdomain changes only when its organization's hostname or title does, or when a newer organization
 * takes it as its hostname.
 */
export class Subdomains {
  constructor(private readonly deps: Deps) {}

  /** The organization's subdomain. */
  async of(organizationId: string): Promise<string> {
    const subdomain = (await this.all()).get(organizationId);
    if (subdomain === undefined) throw notFound(`No matching organization found for the ID ${organizationId}`);
    return subdomain;
  }

  /** The organization a subdomain belongs to; 404 when none does. */
  async find(subdomain: string): Promise<{ subdomain: string; organization: OrganizationRecord }> {
    const wanted = subdomain.toLowerCase();
    for (const [id, candidate] of await this.all()) {
      if (candidate === wanted) return { subdomain: candidate, organization: (await this.deps.store.organizations.get(id))! };
    }
    throw notFound(`No organization has the subdomain ${subdomain}`);
  }

  /** Organization id -> subdomain, for every organization. */
  async all(): Promise<Map<string, string>> {
    const orgs = await this.deps.store.organizations.all();
    const taken = new Set<string>();
    const out = new Map<string, string>();
    for (const org of orgs) {
      const hostname = org.hostname?.toLowerCase();
      if (hostname && SUBDOMAIN.test(hostname) && !taken.has(hostname)) {
        taken.add(hostname);
        out.set(org.id, hostname);
      }
    }
    for (const org of orgs) {
      if (out.has(org.id)) continue;
      const base = slugOf(org.title);
      let candidate = base;
      for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, 31 - String(n).length).replace(/-+$/, '')}-${n}`;
      taken.add(candidate);
      out.set(org.id, candidate);
    }
    return out;
  }
}

/** A valid subdomain made from a title. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : `${slug ? `${slug}-` : ''}org`;
}
