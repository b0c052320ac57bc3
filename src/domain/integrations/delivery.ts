import type { IntegrationEventLog, IntegrationEventRecord } from '../../model/index.js';
import type { Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { type FetchPolicy, postJson } from '../core/fetch.js';
import { DELIVERY_ATTEMPTS, tunnelFor } from './events.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const EXCERPT = 200;

/**
 * Delivers one queued event to the integration's development tunnel: an HTTP POST of the event (`Event` of the spec)
 * through the guarded fetch. Each attempt and its outcome go to the event's trace. A failed attempt throws, so the
 * durable Jobs retry it with backoff; after the last one the event is `failed`.
 */
export class EventDelivery {
  constructor(
    private readonly deps: Deps,
    private readonly policy: FetchPolicy,
  ) {}

  async deliver(eventId: string): Promise<void> {
    const { integrations } = this.deps.store;
    const event = await integrations.event(eventId);
    if (!event || event.status !== 'pending') return;
    const integration = await integrations.get(event.integration);
    const attempt = event.attempts + 1;
    const tunnel = integration && tunnelFor(integration, event.organizationId);
    if (!tunnel) {
      await this.settle(event, attempt, 'failed', 'warn', 'Not delivered: development mode was turned off before the event could be sent');
      return;
    }
    await this.settle(event, attempt, 'pending', 'debug', `POST ${tunnel} (attempt ${attempt} of ${DELIVERY_ATTEMPTS})`);
    let failure: string;
    try {
      const response = await postJson(tunnel, event.payload, 'tunnelUrl', this.policyFor(tunnel), {
        'user-agent': 'Quire integration events',
        'x-quire-event-id': event.id,
        'x-quire-event-type': event.type,
        'x-quire-integration': event.integration,
      });
      if (response.status >= 200 && response.status < 300) {
        await this.settle(await this.reload(event), attempt, 'success', 'info', `Delivered: the tunnel answered HTTP ${response.status}`);
        return;
      }
      const body = response.bytes.toString('utf8', 0, EXCERPT).trim();
      failure = `the tunnel answered HTTP ${response.status}${body ? `: ${body}` : ''}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const last = attempt >= DELIVERY_ATTEMPTS;
    await this.settle(
      await this.reload(event),
      attempt,
      last ? 'failed' : 'pending',
      last ? 'error' : 'warn',
      last ? `Failed after ${attempt} attempts: ${failure}` : `Attempt ${attempt} failed: ${failure}; it will be retried`,
    );
    throw new Error(failure);
  }

  /** Development tunnels may be on this machine (DESIGN §8): loopback hosts are allowed, private networks are not. */
  private policyFor(tunnel: string): FetchPolicy {
    const url = new URL(tunnel);
    if (!LOOPBACK.test(url.hostname)) return this.policy;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return { ...this.policy, allowHosts: [...this.policy.allowHosts, `${url.hostname.toLowerCase()}:${port}`] };
  }

  private async reload(event: IntegrationEventRecord): Promise<IntegrationEventRecord> {
    return (await this.deps.store.integrations.event(event.id)) ?? event;
  }

  private async settle(
    event: IntegrationEventRecord,
    attempts: number,
    status: IntegrationEventRecord['status'],
    level: IntegrationEventLog['level'],
    message: string,
  ): Promise<void> {
    const now = nowIso(this.deps);
    await this.deps.store.integrations.updateEvent({
      id: event.id,
      status,
      attempts,
      trace: [...event.trace, { message, timestamp: now, level }],
      updatedAt: now,
    });
  }
}
