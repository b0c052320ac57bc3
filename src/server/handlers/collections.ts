import { created, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { collection, list, space } from '../present.js';

export const collectionHandlers: Handlers = {
  getCollectionById: ({ caller, domain, params, urls }) => ok(collection(urls, domain.collections.get(caller, params.collectionId))),

  createCollection: ({ caller, domain, params, body, urls }) => {
    const view = domain.collections.create(caller, params.organizationId, body ?? {});
    return created(collection(urls, view), urls.api(`/collections/${view.collection.id}`));
  },

  updateCollectionById: ({ caller, domain, params, body, urls }) => ok(collection(urls, domain.collections.update(caller, params.collectionId, body))),

  deleteCollectionById: ({ caller, domain, params }) => deleted(domain.collections.delete(caller, params.collectionId)),

  listCollectionsInOrganizationById: ({ caller, domain, params, query, urls }) => {
    const page = domain.collections.listInOrganization(caller, params.organizationId, { ...pageOf(query), nested: query.nested !== false });
    return ok(list(page, (c) => collection(urls, c)));
  },

  listSpacesInCollectionById: ({ caller, domain, params, query, urls }) =>
    ok(list(domain.collections.listSpaces(caller, params.collectionId, pageOf(query)), (s) => space(urls, s))),

  moveCollection: ({ caller, domain, params, body, urls }) => ok(collection(urls, domain.collections.move(caller, params.collectionId, body ?? {}))),

  transferCollection: ({ caller, domain, params, body, urls }) =>
    ok(collection(urls, domain.collections.transfer(caller, params.collectionId, body.organization))),
};
