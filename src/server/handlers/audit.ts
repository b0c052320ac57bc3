import { ok, pageOf, type Handlers } from '../handler.js';
import { auditEvent, auditEventAction, auditEventDetails } from '../present-audit.js';
import { list } from '../present.js';

export const auditHandlers: Handlers = {
  listOrganizationAuditEvents: async ({ caller, domain, params, query, urls }) => {
    const { from, to, action, actor, target } = query;
    const filters = { ...pageOf(query), from, to, action, actor, target };
    return ok(list(await domain.audit.list(caller, params.organizationId, filters), (e) => auditEvent(urls, e)));
  },

  getOrganizationAuditEvent: async ({ caller, domain, params, urls }) =>
    ok(auditEventDetails(urls, await domain.audit.get(caller, params.organizationId, params.auditEventId))),

  listOrganizationAuditEventActions: async ({ caller, domain, params }) =>
    ok({ items: (await domain.audit.actions(caller, params.organizationId)).map(auditEventAction) }),
};
