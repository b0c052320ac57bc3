import { ok, type Handlers } from '../handler.js';
import { specVersion } from '../openapi.js';
import { BUILD } from '../../version.js';

export const systemHandlers: Handlers = {
  getApiInformation: () => ok({ version: `${BUILD.version} (api ${specVersion('pinned')} and ${specVersion('newer')})`, build: BUILD.date }),
};
