import { ok, type Handlers } from '../handler.js';
import { user } from '../present.js';

export const userHandlers: Handlers = {
  getAuthenticatedUser: ({ caller, urls }) => ok(user(urls, caller.user)),
  getUserById: ({ caller, domain, params, urls }) => ok(user(urls, domain.users.get(caller, params.userId))),
  updateUserById: ({ caller, domain, params, body, urls }) => ok(user(urls, domain.users.update(caller, params.userId, body))),
};
