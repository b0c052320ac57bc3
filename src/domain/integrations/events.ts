import type { InstallationRecord, IntegrationEventLog, IntegrationEventRecord, IntegrationRecord } from '../../model/index.js';
import { newId } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { notFound } from '../core/errors.js';
import type { Jobs } from '../core/jobs.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { IntegrationAccess } from './access.js';

export const DELIVERY_JOB = 'integration-event-delivery';
/** Delivery attempts per event: the first and four retries (1, 2, 4 and 8 s later: the Jobs backoff). */
export const DELIVERY_ATTEMPTS = 5;

/** An event's payload before it is given its id (`Event` of the spec, less `eventId`). */
export type EventPayload = { type: string; installationId: string } & Record<string, unknown>;

/** Where the integration's events go: its development tunnel, for the owner's events or, with `all`, everyone's. */
export function tunnelFor(integration: IntegrationRecord, organizationId: string | null): string | undefined {
  if (!integration.devTunnelUrl) return undefined;
  return integration.devAll || organizationId === integration.organizationId ? integration.devTunnelUrl : undefined;
}

/**
 * The events of an integration: one per installation change, kept with the state before the change (`previous`).
 * In development mode each is queued for delivery to the tunnel (see delivery.ts); otherwise it is only recorded,
 * since this server runs no integration scripts.
 */
export class IntegrationEvents {
  constructor(
    private readonly access: IntegrationAccess,
    private readonly jobs: Jobs,
  ) {}

  /** Records an event inside the caller's transaction; delivery starts once `dispatch` is called after it commits. */
  async record(integration: IntegrationRecord, installation: InstallationRecord, payload: EventPayload): Promise<IntegrationEventRecord> {
    const now = nowIso(this.access.deps);
    const id = newId();
    const tunnel = tunnelFor(integration, installation.organizationId);
    const log = (message: string): IntegrationEventLog => ({ message, timestamp: now, level: 'info' });
    const event: IntegrationEventRecord = {
      id,
      integration: integration.name,
      integrationId: integration.id,
      installationId: installation.id,
      organizationId: installation.organizationId,
      type: payload.type,
      payload: { eventId: id, ...payload },
      status: tunnel ? 'pending' : 'success',
      attempts: 0,
      trace: [
        tunnel
          ? log(`Queued for delivery to the development tunnel ${tunnel}`)
          : log(
              integration.devTunnelUrl
                ? `Recorded; not dispatched: development mode forwards only the events of the organization ${integration.organizationId}`
                : `Recorded; not dispatched: ${integration.name} is not in development mode and this server runs no integration scripts`,
            ),
      ],
      createdAt: now,
      updatedAt: now,
    };
    await this.access.deps.store.integrations.insertEvent(event);
    if (tunnel) {
      await this.jobs.schedule({ kind: DELIVERY_JOB, payload: { event: id }, dedupeKey: `${DELIVERY_JOB}:${id}`, maxAttempts: DELIVERY_ATTEMPTS });
    }
    return event;
  }

  /** Starts delivering queued events now rather than at the next poll. */
  dispatch(events: IntegrationEventRecord[]): void {
    if (events.some((e) => e.status === 'pending')) setImmediate(() => void this.jobs.runDue().catch(() => undefined));
  }

  async list(caller: Caller, name: string, request: PageRequest): Promise<Page<IntegrationEventRecord>> {
    const integration = await this.access.find(caller, name);
    await this.access.requireDeveloper(caller, integration, 'read its events');
    return paginate(await this.access.deps.store.integrations.events(integration.name), request, (e) => [e.createdAt, e.id], true);
  }

  async get(caller: Caller, name: string, eventId: string): Promise<IntegrationEventRecord> {
    const integration = await this.access.find(caller, name);
    await this.access.requireDeveloper(caller, integration, 'read its events');
    const event = await this.access.deps.store.integrations.event(eventId);
    if (!event || event.integration !== integration.name) throw notFound(`No matching event ${eventId} of the integration ${integration.name}`);
    return event;
  }
}
