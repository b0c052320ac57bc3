import type { Caller, Domain } from '../domain/index.js';
import type { PageRequest } from '../domain/core/pagination.js';
import type { Urls } from './present.js';

/** What a handler gets: the validated request, the caller, and the domain. */
export interface Context {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** Present on every operation that needs a token. */
  caller: Caller;
  domain: Domain;
  urls: Urls;
}

export interface Result {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Context) => Result | Promise<Result>;
export type Handlers = Partial<Record<string, Handler>>;

export const ok = (body: unknown): Result => ({ status: 200, body });
export const created = (body: unknown, location: string): Result => ({ status: 201, body, headers: { location } });
export const noContent = (): Result => ({ status: 204 });
/** 205 when something was deleted, 204 when there was nothing to delete. */
export const deleted = (wasThere: boolean): Result => ({ status: wasThere ? 205 : 204 });

/** `page` and `limit` from a validated query. */
export function pageOf(query: Record<string, unknown>): PageRequest {
  return {
    ...(query.page !== undefined ? { page: String(query.page) } : {}),
    ...(query.limit !== undefined ? { limit: Number(query.limit) } : {}),
  };
}
