/** What went wrong, in the domain's words. The server answers each with its HTTP status; the CLI prints the message. */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'precondition-failed'
  | 'too-large'
  | 'too-many'
  | 'not-supported'
  | 'unavailable';

/** A failure the caller can act on. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The request says something the rules refuse: a missing or malformed value, a reference to nothing. */
export const invalidInput = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not-found', message);
/** The request collides with the current state (a duplicate, a concurrent change). */
export const conflict = (message: string) => new DomainError('conflict', message);
/** The state does not allow it yet (unmet merge rules, a deleted space): the caller must change something first. */
export const preconditionFailed = (message: string) => new DomainError('precondition-failed', message);
/** More than a limit allows in a span of time (events an anonymous caller may send). */
export const tooMany = (message: string) => new DomainError('too-many', message);
export const notSupported = (message: string) => new DomainError('not-supported', message);
