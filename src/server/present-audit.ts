import type * as newer from '@gitbook/api-0.202';
import type { AuditEventRecord } from '../model/index.js';
import type { Urls } from './present.js';

export function auditEvent(urls: Urls, e: AuditEventRecord): newer.AuditEvent {
  return {
    object: 'audit-event',
    id: e.id,
    occurredAt: e.occurredAt,
    action: e.action,
    actor: { type: e.actorType, id: e.actorId, ...(e.actorLabel !== null ? { label: e.actorLabel } : {}) },
    source: e.source,
    target: { type: e.targetType, id: e.targetId, ...(e.targetLabel !== null ? { label: e.targetLabel } : {}) },
    urls: { location: urls.api(`/orgs/${e.organizationId}/audit-events/${e.id}`) },
  };
}

export function auditEventDetails(urls: Urls, e: AuditEventRecord): newer.AuditEventDetails {
  return { ...auditEvent(urls, e), schemaVersion: 1, payload: e.payload };
}

export const auditEventAction = (a: { id: string; label: string }): newer.AuditEventAction => ({ object: 'audit-event-action', ...a });
