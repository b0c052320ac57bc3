import { gitSpaces } from '../../domain/git-sync/git.js';
import { noContent, ok, type Handlers } from '../handler.js';

/** Git Sync through the API: import and export run as jobs (204: started); the info is the last sync's remote. */
export const gitHandlers: Handlers = {
  importGitRepository: ({ caller, domain, params, body }) => {
    gitSpaces(domain).request(caller, params.spaceId, 'import', body);
    void domain.jobs.runDue();
    return noContent();
  },

  exportToGitRepository: ({ caller, domain, params, body }) => {
    gitSpaces(domain).request(caller, params.spaceId, 'export', body);
    void domain.jobs.runDue();
    return noContent();
  },

  getSpaceGitInfo: ({ caller, domain, params }) => ok(gitSpaces(domain).info(caller, params.spaceId)),
};
