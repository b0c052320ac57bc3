import type { Result } from '../handler.js';
import type { OpenApiDocument } from '../openapi.js';

/**
 * `Prefer: return=minimal` (RFC 7240), where GitBook's API documents it: the operations of the newer spec that take
 * the `prefer` header and declare a 204. Their success is then a 204 with `Preference-Applied: return=minimal`.
 */
export function minimalReturnOperations(document: OpenApiDocument): Set<string> {
  const ids = new Set<string>();
  const preferParam = (p: { $ref?: string; name?: string; in?: string }) => {
    const param = p.$ref ? (document.components.parameters[p.$ref.split('/').pop()!] as { name?: string; in?: string }) : p;
    return param?.in === 'header' && param.name?.toLowerCase() === 'prefer';
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const parameters = (operation.parameters ?? []) as Array<{ $ref?: string; name?: string; in?: string }>;
      if ('204' in operation.responses && parameters.some(preferParam)) ids.add(operation.operationId);
    }
  }
  return ids;
}

/** True when the request's `Prefer` header asks for `return=minimal` (among other preferences, any case). */
export function prefersMinimal(header: string | string[] | undefined): boolean {
  return [header ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .some((preference) => preference.split(';')[0]!.replace(/\s+/g, '').toLowerCase() === 'return=minimal');
}

/** A success without its representation: 204, its headers kept, the preference confirmed. */
export function minimal(result: Result): Result {
  if (result.status < 200 || result.status >= 300) return result;
  return { status: 204, headers: { ...result.headers, 'preference-applied': 'return=minimal' } };
}
