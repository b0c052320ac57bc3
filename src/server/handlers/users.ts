import { ok, type Handlers } from '../handler.js';
import { user } from '../present.js';

export const userHandlers: Handlers = {
  getAuthenticatedUser: ({ caller, urls }) => ok(user(urls, caller.user)),
  getUserById: async ({ caller, domain, params, urls }) => ok(user(urls, await domain.users.get(caller, params.userId))),
  updateUserById: async ({ caller, domain, params, body, urls }) => ok(user(urls, await domain.users.update(caller, params.userId, body))),
};
