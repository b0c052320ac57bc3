import type { Handlers } from '../handler.js';
import { auditHandlers } from './audit.js';
import { changeRequestHandlers } from './change-requests.js';
import { collectionHandlers } from './collections.js';
import { commentHandlers } from './comments.js';
import { contentHandlers } from './content.js';
import { contentWriteHandlers } from './content-writes.js';
import { embedHandlers } from './embeds.js';
import { gitHandlers } from './git.js';
import { integrationHandlers } from './integrations.js';
import { openAPIHandlers } from './openapi.js';
import { organizationHandlers } from './organizations.js';
import { collectionPermissionHandlers, sitePermissionHandlers, spacePermissionHandlers } from './permissions.js';
import { revisionHandlers } from './revisions.js';
import { siteHandlers } from './sites.js';
import { spaceHandlers } from './spaces.js';
import { systemHandlers } from './system.js';
import { translationHandlers } from './translations.js';
import { userHandlers } from './users.js';
import { inviteHandlers } from './invites.js';
import { importRunHandlers } from './import-runs.js';
import { siteMcpServerHandlers } from './site-mcp-servers.js';
import { siteChannelHandlers } from './site-channels.js';
import { siteInsightHandlers } from './site-insights.js';

import { ssoHandlers } from './sso.js';
import { teamHandlers } from './teams.js';
import { urlHandlers } from './urls.js';

/** Every implemented operation, by operationId (looked up by any spec's operationId string). The rest answer 501. */
export const handlers: Handlers & { readonly [operationId: string]: unknown } = {
  ...systemHandlers,
  ...teamHandlers,
  ...ssoHandlers,
  ...urlHandlers,
  ...embedHandlers,
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
  ...siteMcpServerHandlers,
  ...sitePermissionHandlers,
  ...siteChannelHandlers,
  ...siteInsightHandlers,
  ...inviteHandlers,
  ...gitHandlers,
  ...integrationHandlers,
  ...openAPIHandlers,
  ...translationHandlers,
  ...auditHandlers,
  ...importRunHandlers,
};
