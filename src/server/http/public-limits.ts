import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { HttpError } from '../http-errors.js';

/**
 * What an operation anyone may call (no token) takes: its body is parsed and validated before any other check, so it
 * is smaller than the server's; and each sender's address may call it only so often (an office behind one address
 * shares it). The domain bounds what each site keeps on top of this.
 */
interface PublicLimit {
  bodyLimit: number;
  perAddress: { max: number; timeWindow: number };
}

const HOUR = 3_600_000;

const PUBLIC_LIMITS: Readonly<Record<string, PublicLimit>> = {
  // A reader rating and commenting on sixty pages an hour.
  trackEventsInSiteById: { bodyLimit: 256 * 1024, perAddress: { max: 120, timeWindow: HOUR } },
};

/** Counts requests by address for the routes that ask (in memory: each server process counts its own). */
export function registerPublicLimits(app: FastifyInstance): void {
  void app.register(rateLimit, {
    global: false,
    // Bounded: the least recently seen addresses are forgotten first.
    cache: 10_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests from this address: at most ${context.max} in ${context.after}; try again later`),
  });
}

/** The route options of an operation with a public limit. */
export function publicLimitOf(operationId: string): Partial<RouteOptions> {
  const limit = PUBLIC_LIMITS[operationId];
  return limit ? { bodyLimit: limit.bodyLimit, config: { rateLimit: limit.perAddress } } : {};
}
