import { siteCustomization } from '../domain/sites/customization.js';

type Json = Record<string, unknown>;

/**
 * Bodies an operation takes partial, completed before they are validated: the spec's schema then checks what will be
 * stored, and its messages name the fields the client sent. `updateSiteCustomizationById` replaces the settings whole,
 * "unset fields revert to defaults" (0.202.0): a partial body is laid over the defaults, as a stored one is read.
 */
const COMPLETIONS: Record<string, (body: Json) => Json> = {
  // A copy: validation may write the schema's defaults into it.
  updateSiteCustomizationById: (body) => structuredClone(siteCustomization({ customization: body })),
};

/** The body the operation's schema is checked against and its handler gets. */
export function completeBody(operationId: string, body: unknown): unknown {
  const complete = COMPLETIONS[operationId];
  return complete && typeof body === 'object' && body !== null && !Array.isArray(body) ? complete(body as Json) : body;
}
