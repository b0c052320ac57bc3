import { newId, type OrganizationRecord, type SamlProviderRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { RoleName } from '../core/roles.js';
import { checkCertificate } from './certificate.js';
import type { Teams, TeamView } from '../teams/teams.js';

export interface SamlProviderInput {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  /** A team of the organization; '' for none. */
  defaultTeam?: string;
  defaultRole?: RoleName | null;
}

export interface SamlProviderView {
  provider: SamlProviderRecord;
  /** `active` once the identity provider's URL, entity ID and certificate are all set. */
  status: 'active' | 'pending';
  defaultTeam?: TeamView;
}

/**
 * SAML single sign-on providers of an organization, managed by its admins. A provider starts `pending` with
 * only a label (its service URLs are what the identity provider needs), and becomes `active` once the
 * identity provider's sign-in URL, entity ID and certificate are set. Only active providers are offered at login.
 */
export class Sso {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly teams: Teams,
  ) {}

  async list(caller: Caller, organizationId: string, request: PageRequest): Promise<Page<SamlProviderView>> {
    const org = await this.requireAdmin(caller, organizationId);
    const page = paginate(await this.deps.store.sso.in(org.id), request, (p) => [p.createdAt, p.id]);
    return { ...page, items: await Promise.all(page.items.map(async (p) => await this.view(caller, p))) };
  }

  async get(caller: Caller, organizationId: string, providerId: string): Promise<SamlProviderView> {
    const org = await this.requireAdmin(caller, organizationId);
    return await this.view(caller, await this.find(org, providerId));
  }

  async create(caller: Caller, organizationId: string, input: SamlProviderInput & { label: string }): Promise<SamlProviderView> {
    const org = await this.requireAdmin(caller, organizationId);
    const now = nowIso(this.deps);
    const empty: SamlProviderRecord = {
      id: newId(),
      organizationId: org.id,
      label: '',
      ssoUrl: null,
      entityId: null,
      certificate: null,
      defaultTeamId: null,
      defaultRole: org.defaultRole,
      createdAt: now,
      updatedAt: now,
    };
    const provider = await this.apply(org, empty, input);
    await this.deps.store.sso.put(provider);
    return await this.view(caller, provider);
  }

  async update(caller: Caller, organizationId: string, providerId: string, patch: SamlProviderInput): Promise<SamlProviderView> {
    const org = await this.requireAdmin(caller, organizationId);
    // Read and written in one transaction: another patch's fields stay, and a provider deleted meanwhile stays deleted.
    const provider = await this.deps.store.tx(async () => {
      const provider = await this.apply(org, await this.find(org, providerId), patch);
      provider.updatedAt = nowIso(this.deps);
      await this.deps.store.sso.put(provider);
      return provider;
    });
    return await this.view(caller, provider);
  }

  async delete(caller: Caller, organizationId: string, providerId: string): Promise<boolean> {
    const org = await this.requireAdmin(caller, organizationId);
    return await this.deps.store.sso.delete(org.id, providerId);
  }

  /** The providers people can sign in with: shown on the login page, so to anyone signed in to the server. */
  async logins(organizationId: string): Promise<SamlProviderRecord[]> {
    const org = await this.organizations.find(organizationId);
    return (await this.deps.store.sso.in(org.id)).filter((p) => statusOf(p) === 'active');
  }

  private async find(org: OrganizationRecord, providerId: string): Promise<SamlProviderRecord> {
    const provider = await this.deps.store.sso.get(providerId);
    if (!provider || provider.organizationId !== org.id) throw notFound(`No SAML provider ${providerId} in the organization ${org.id}`);
    return provider;
  }

  /** The provider with the input's fields checked and applied; 400 naming the field. */
  private async apply(org: OrganizationRecord, provider: SamlProviderRecord, input: SamlProviderInput): Promise<SamlProviderRecord> {
    const next = { ...provider };
    if (input.label !== undefined) {
      next.label = input.label.trim();
      if (!next.label) throw invalidInput('label: must not be blank');
    }
    if (input.ssoURL !== undefined) next.ssoUrl = checkUrl('ssoURL', input.ssoURL);
    if (input.entityID !== undefined) {
      next.entityId = input.entityID.trim();
      if (!next.entityId) throw invalidInput("entityID: must not be blank (the identity provider's entity ID)");
    }
    if (input.certificate !== undefined) next.certificate = checkCertificate(input.certificate, this.deps.clock.now());
    if (input.defaultTeam !== undefined) {
      next.defaultTeamId = input.defaultTeam === '' ? null : await this.teamOf(org, input.defaultTeam);
    }
    if (input.defaultRole !== undefined) next.defaultRole = input.defaultRole;
    return next;
  }

  private async teamOf(org: OrganizationRecord, teamId: string): Promise<string> {
    const team = await this.deps.store.organizations.team(teamId);
    if (!team || team.organizationId !== org.id) throw invalidInput(`defaultTeam: no team ${teamId} in the organization ${org.id}`);
    return team.id;
  }

  private async view(caller: Caller, provider: SamlProviderRecord): Promise<SamlProviderView> {
    const team = provider.defaultTeamId ? await this.deps.store.organizations.team(provider.defaultTeamId) : undefined;
    return { provider, status: statusOf(provider), ...(team ? { defaultTeam: await this.teams.view(caller, team) } : {}) };
  }

  private async requireAdmin(caller: Caller, organizationId: string): Promise<OrganizationRecord> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'admin');
    return org;
  }
}

const statusOf = (p: SamlProviderRecord): 'active' | 'pending' => (p.ssoUrl && p.entityId && p.certificate ? 'active' : 'pending');

/** An absolute http(s) URL without credentials in it. */
function checkUrl(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidInput(`${field}: not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidInput(`${field}: must be an http or https URL, not ${url.protocol}`);
  if (url.username || url.password) throw invalidInput(`${field}: must not carry a user name or password`);
  return url.href;
}
