import { created, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { collection, list, space } from '../present.js';

export const collectionHandlers: Handlers = {
  getCollectionById: async ({ caller, domain, params, urls }) => ok(collection(urls, await domain.collections.get(caller, params.collectionId))),

  createCollection: async ({ caller, domain, params, body, urls }) => {
    const view = await domain.collections.create(caller, params.organizationId, body ?? {});
    return created(collection(urls, view), urls.api(`/collections/${view.collection.id}`));
  },

  updateCollectionById: async ({ caller, domain, params, body, urls }) =>
    ok(collection(urls, await domain.collections.update(caller, params.collectionId, body))),

  deleteCollectionById: async ({ caller, domain, params }) => deleted(await domain.collections.delete(caller, params.collectionId)),

  listCollectionsInOrganizationById: async ({ caller, domain, params, query, urls }) => {
    const page = await domain.collections.listInOrganization(caller, params.organizationId, { ...pageOf(query), nested: query.nested !== false });
    return ok(list(page, (c) => collection(urls, c)));
  },

  listSpacesInCollectionById: async ({ caller, domain, params, query, urls }) =>
    ok(list(await domain.collections.listSpaces(caller, params.collectionId, pageOf(query)), (s) => space(urls, s))),

  moveCollection: async ({ caller, domain, params, body, urls }) =>
    ok(collection(urls, await domain.collections.move(caller, params.collectionId, body ?? {}))),

  transferCollection: async ({ caller, domain, params, body, urls }) =>
    ok(collection(urls, await domain.collections.transfer(caller, params.collectionId, body.organization))),
};
