import { created, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { list, space } from '../present.js';

export const spaceHandlers: Handlers = {
  createSpace: ({ caller, domain, params, body, urls }) => {
    const view = domain.spaces.create(caller, params.organizationId, body ?? {});
    return created(space(urls, view), urls.api(`/spaces/${view.space.id}`));
  },

  getSpaceById: ({ caller, domain, params, urls }) => ok(space(urls, domain.spaces.get(caller, params.spaceId))),

  updateSpaceById: ({ caller, domain, params, body, urls }) => ok(space(urls, domain.spaces.update(caller, params.spaceId, body))),

  deleteSpaceById: ({ caller, domain, params }) => deleted(domain.spaces.delete(caller, params.spaceId)),

  restoreSpace: ({ caller, domain, params, urls }) => ok(space(urls, domain.spaces.restore(caller, params.spaceId))),

  duplicateSpace: ({ caller, domain, params, urls }) => {
    const view = domain.spaces.duplicate(caller, params.spaceId);
    return created(space(urls, view), urls.api(`/spaces/${view.space.id}`));
  },

  moveSpace: ({ caller, domain, params, body, urls }) => ok(space(urls, domain.spaces.move(caller, params.spaceId, body ?? {}))),

  transferSpace: ({ caller, domain, params, body, urls }) => ok(space(urls, domain.spaces.transfer(caller, params.spaceId, body.organization))),

  applyTemplateToSpace: ({ caller, domain, params, body }) => {
    domain.spaces.applyTemplate(caller, params.spaceId, body);
    return { status: 201 };
  },

  listSpacesInOrganizationById: ({ caller, domain, params, query, urls }) =>
    ok(list(domain.spaces.listInOrganization(caller, params.organizationId, pageOf(query)), (s) => space(urls, s))),
};
