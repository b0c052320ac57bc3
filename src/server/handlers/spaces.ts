import { created, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { list, space } from '../present.js';

export const spaceHandlers: Handlers = {
  createSpace: async ({ caller, domain, params, body, urls }) => {
    const view = await domain.spaces.create(caller, params.organizationId, body ?? {});
    return created(space(urls, view), urls.api(`/spaces/${view.space.id}`));
  },

  getSpaceById: async ({ caller, domain, params, urls }) => ok(space(urls, await domain.spaces.get(caller, params.spaceId))),

  updateSpaceById: async ({ caller, domain, params, body, urls }) => ok(space(urls, await domain.spaces.update(caller, params.spaceId, body))),

  deleteSpaceById: async ({ caller, domain, params }) => deleted(await domain.spaces.delete(caller, params.spaceId)),

  restoreSpace: async ({ caller, domain, params, urls }) => ok(space(urls, await domain.spaces.restore(caller, params.spaceId))),

  duplicateSpace: async ({ caller, domain, params, urls }) => {
    const view = await domain.spaces.duplicate(caller, params.spaceId);
    return created(space(urls, view), urls.api(`/spaces/${view.space.id}`));
  },

  moveSpace: async ({ caller, domain, params, body, urls }) => ok(space(urls, await domain.spaces.move(caller, params.spaceId, body ?? {}))),

  transferSpace: async ({ caller, domain, params, body, urls }) => ok(space(urls, await domain.spaces.transfer(caller, params.spaceId, body.organization))),

  applyTemplateToSpace: async ({ caller, domain, params, body }) => {
    await domain.spaces.applyTemplate(caller, params.spaceId, body);
    return { status: 201 };
  },

  listSpacesInOrganizationById: async ({ caller, domain, params, query, urls }) =>
    ok(list(await domain.spaces.listInOrganization(caller, params.organizationId, pageOf(query)), (s) => space(urls, s))),
};
