import { gitSpaces } from '../../domain/git-sync/git.js';
import { noContent, ok, type Handlers } from '../handler.js';

/** Git Sync through the API: import and export run as jobs (204: started); the info is the last sync's remote. */
export const gitHandlers: Handlers = {
  importGitRepository: async ({ caller, domain, params, body }) => {
    await gitSpaces(domain).request(caller, params.spaceId, 'import', body);
    void domain.jobs.runDue();
    return noContent();
  },

  exportToGitRepository: async ({ caller, domain, params, body }) => {
    await gitSpaces(domain).request(caller, params.spaceId, 'export', body);
    void domain.jobs.runDue();
    return noContent();
  },

  getSpaceGitInfo: async ({ caller, domain, params }) => ok(await gitSpaces(domain).info(caller, params.spaceId)),
};
