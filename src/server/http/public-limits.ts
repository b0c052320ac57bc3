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
    // Said from the route's window, not Fastify's rounding of the time left ("1 hour" one second, "60 minutes" the next).
    errorResponseBuilder: (request, context) => {
      const limit = request.routeOptions.config.rateLimit;
      const window = limit && typeof limit.timeWindow === 'number' ? ` ${per(limit.timeWindow)}` : '';
      return new HttpError(429, `Too many requests from this address: at most ${context.max}${window}; try again in ${minutes(context.ttl)}`);
    },
  });
}

/** `an hour`, `every 10 minutes`. */
function per(ms: number): string {
  if (ms === HOUR) return 'an hour';
  return ms % HOUR === 0 ? `every ${ms / HOUR} hours` : `every ${minutes(ms)}`;
}

/** Whole minutes, rounded up: the time left of a window is never said as none. */
function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

/** The route options of an operation with a public limit. */
export function publicLimitOf(operationId: string): Partial<RouteOptions> {
  const limit = PUBLIC_LIMITS[operationId];
  return limit ? { bodyLimit: limit.bodyLimit, config: { rateLimit: limit.perAddress } } : {};
}
