import type { Deps } from '../core/context.js';
import type { FetchPolicy } from '../core/fetch.js';
import type { Jobs } from '../core/jobs.js';
import type { Organizations } from '../organizations/organizations.js';
import type { Sites } from '../sites/sites.js';
import type { Spaces } from '../spaces/spaces.js';
import type { Users } from '../users/users.js';
import { IntegrationAccess } from './access.js';
import { IntegrationCatalog } from './catalog.js';
import { ContentInstallations } from './content-installations.js';
import { EventDelivery } from './delivery.js';
import { EnabledIntegrations } from './enabled.js';
import { DELIVERY_JOB, IntegrationEvents } from './events.js';
import { Installations } from './installations.js';
import { InstallationTokens } from './tokens.js';

export type { IntegrationView } from './access.js';
export type { DevelopmentMode, IntegrationQuery } from './catalog.js';
export type { ContentInstallationPatch, ContentInstallationView, ContentListQuery } from './content-installations.js';
export type { SiteScriptView } from './enabled.js';
export type { InstallationPatch, InstallationTarget, InstallationView, InstalledIntegrationView } from './installations.js';
export type { PublishInput } from './manifest.js';
export { policyText } from './manifest.js';
export { DELIVERY_ATTEMPTS } from './events.js';

/** Event delivery reads small answers quickly: a tunnel is a developer's machine. */
const DELIVERY_LIMITS = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };

/**
 * Integrations (seed Part B §2.6, §4.7, §6): publishing, installations on organizations, spaces and sites, the events
 * each installation change records, delivery of those events to a development tunnel, and installation tokens.
 */
export class Integrations {
  readonly access: IntegrationAccess;
  readonly catalog: IntegrationCatalog;
  readonly events: IntegrationEvents;
  readonly installations: Installations;
  readonly content: ContentInstallations;
  readonly enabled: EnabledIntegrations;
  readonly tokens: InstallationTokens;

  constructor(deps: Deps, users: Users, organizations: Organizations, spaces: Spaces, sites: Sites, jobs: Jobs, fetchPolicy: FetchPolicy) {
    this.access = new IntegrationAccess(deps, organizations);
    this.catalog = new IntegrationCatalog(this.access);
    this.events = new IntegrationEvents(this.access, jobs);
    this.installations = new Installations(this.access, this.events);
    this.content = new ContentInstallations(this.access, this.installations, this.events, spaces, sites);
    this.enabled = new EnabledIntegrations(this.access, spaces, sites);
    this.tokens = new InstallationTokens(this.access);
    const delivery = new EventDelivery(deps, { ...fetchPolicy, ...DELIVERY_LIMITS });
    jobs.register(DELIVERY_JOB, (payload) => delivery.deliver(String((payload as { event: string }).event)));
    users.acceptTokenKind(async (secret) => await this.tokens.authenticate(secret));
  }
}
