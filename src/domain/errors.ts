/** A failure the caller can act on; `status` is the HTTP status the API answers with. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 501 | 503,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new DomainError(400, message);
export const unauthorized = (message: string) => new DomainError(401, message);
export const forbidden = (message: string) => new DomainError(403, message);
export const notFound = (message: string) => new DomainError(404, message);
export const conflict = (message: string) => new DomainError(409, message);
export const preconditionFailed = (message: string) => new DomainError(412, message);
export const notImplemented = (message: string) => new DomainError(501, message);
