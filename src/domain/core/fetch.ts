// Outbound requests of the domain: platform/fetch.ts's guarded requests, with its refusals as domain errors.
import * as guarded from '../../platform/fetch.js';
import { DomainError } from './errors.js';

export { allowedHosts, DEFAULT_FETCH_POLICY, type Fetched, type FetchPolicy, type Posted } from '../../platform/fetch.js';

export function fetchUrl(...args: Parameters<typeof guarded.fetchUrl>): Promise<guarded.Fetched> {
  return asDomainErrors(guarded.fetchUrl(...args));
}

export function postJson(...args: Parameters<typeof guarded.postJson>): Promise<guarded.Posted> {
  return asDomainErrors(guarded.postJson(...args));
}

async function asDomainErrors<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw error instanceof guarded.FetchRefused ? new DomainError(error.reason, error.message) : error;
  }
}
