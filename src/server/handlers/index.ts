import type { Handlers } from '../handler.js';
import { changeRequestHandlers } from './change-requests.js';
import { collectionHandlers } from './collections.js';
import { commentHandlers } from './comments.js';
import { contentHandlers } from './content.js';
import { contentWriteHandlers } from './content-writes.js';
import { gitHandlers } from './git.js';
import { organizationHandlers } from './organizations.js';
import { collectionPermissionHandlers, spacePermissionHandlers } from './permissions.js';
import { revisionHandlers } from './revisions.js';
import { siteHandlers } from './sites.js';
import { spaceHandlers } from './spaces.js';
import { systemHandlers } from './system.js';
import { userHandlers } from './users.js';

/** Every implemented operation, by operationId. The rest answer 501. */
export const handlers: Handlers = {
  ...systemHandlers,
  ...userHandlers,
  ...organizationHandlers,
  ...collectionHandlers,
  ...spaceHandlers,
  ...spacePermissionHandlers,
  ...collectionPermissionHandlers,
  ...contentHandlers,
  ...contentWriteHandlers,
  ...revisionHandlers,
  ...changeRequestHandlers,
  ...commentHandlers,
  ...siteHandlers,
  ...gitHandlers,
};
