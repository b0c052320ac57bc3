import { created, type Handlers, ok, pageOf } from '../handler.js';
import { list } from '../present.js';
import { importRun } from '../present-content.js';

/** Website imports run as jobs (picked up at the next poll): started `pending`, read while they run, cancelled while pending. */
export const importRunHandlers: Handlers = {
  startImportRun: async ({ caller, domain, params, body, urls }) => {
    const run = await domain.importRuns.start(caller, params.organizationId, body);
    return created(importRun(urls, run), urls.api(`/org/${run.organizationId}/imports/${run.id}`));
  },

  listImportRuns: async ({ caller, domain, params, query, urls }) =>
    ok(list(await domain.importRuns.list(caller, params.organizationId, { ...query, ...pageOf(query) }), (r) => importRun(urls, r))),

  getImportRun: async ({ caller, domain, params, urls }) => ok(importRun(urls, await domain.importRuns.get(caller, params.organizationId, params.importRunId))),

  cancelImportRun: async ({ caller, domain, params, urls }) =>
    ok(importRun(urls, await domain.importRuns.cancel(caller, params.organizationId, params.importRunId))),
};
