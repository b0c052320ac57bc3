import type { ChangeRequests } from '../change-requests/change-requests.js';
import type { Collections } from '../collections/collections.js';
import type { Contents } from '../content/content.js';
import type { Deps } from '../core/context.js';
import type { Sites } from '../sites/sites.js';
import type { Spaces } from '../spaces/spaces.js';
import { AppUrls } from './app-urls.js';
import { PublishedUrls } from './published.js';

export type { AppContent } from './app-urls.js';
export type { PublishedLookup, PublishedLookupRequest } from './published.js';

/** What a URL points at: app URLs to collections, spaces, change requests and pages; published URLs to site content. */
export class UrlResolvers {
  readonly app: AppUrls;
  readonly published: PublishedUrls;

  constructor(deps: Deps, collections: Collections, spaces: Spaces, content: Contents, changeRequests: ChangeRequests, sites: Sites) {
    this.app = new AppUrls(deps, collections, spaces, content, changeRequests, sites);
    this.published = new PublishedUrls(deps, sites, content, changeRequests);
  }
}
