import { DomainError } from './errors.js';

/**
 * A compare-and-set that lost: another writer moved the pointer (a space's or a change request's revision) between
 * this write's read and its commit. A 409 when it reaches the caller; `whileMoved` runs the write again first, on the
 * new state, so writers racing on one space (on one server or several) land one after another.
 */
export class MovedError extends DomainError {
  override name = 'MovedError';
  constructor(message: string) {
    super('conflict', message);
  }
}

export const moved = (message: string) => new MovedError(message);

/** Attempts of a write whose pointer keeps moving, before its 409 reaches the caller. */
const ATTEMPTS = 8;

/** Runs `write` again, on the state it then reads, as long as it loses a compare-and-set (up to a bound). */
export async function whileMoved<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof MovedError) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
