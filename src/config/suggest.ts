// "Did you mean": the keys a config object accepts, and the one a misspelt key most likely meant.
import { closest, distance } from 'fastest-levenshtein';
import { z } from 'zod';

/** The keys the object at `path` (keys and array indexes) accepts; empty when no object schema is there. */
export function knownKeys(schema: z.ZodType, path: readonly string[]): string[] {
  const objects = schemasAt(schema, path).filter((s): s is z.ZodObject => s instanceof z.ZodObject);
  return [...new Set(objects.flatMap((s) => Object.keys(s.shape)))];
}

/** The known key closest to `key`, if it is close enough to be a typo (`hots` -> `host`). */
export function didYouMean(key: string, known: readonly string[]): string | undefined {
  if (!known.length) return undefined;
  const best = closest(key, [...known]);
  const allowed = Math.max(2, Math.floor(Math.max(key.length, best.length) / 3));
  return distance(key.toLowerCase(), best.toLowerCase()) <= allowed ? best : undefined;
}

function schemasAt(schema: z.ZodType, path: readonly string[]): z.ZodType[] {
  const here = unwrap(schema);
  if (path.length === 0) return here;
  const [head, ...rest] = path as [string, ...string[]];
  return here.flatMap((s) => {
    if (s instanceof z.ZodArray && /^\d+$/.test(head)) return schemasAt(s.element as z.ZodType, rest);
    if (s instanceof z.ZodRecord) return schemasAt(s.valueType as z.ZodType, rest);
    if (s instanceof z.ZodObject) {
      const child = (s.shape as Record<string, z.ZodType>)[head];
      return child ? schemasAt(child, rest) : [];
    }
    return [];
  });
}

/** Through defaults, optionals, unions and refinements to the schemas that hold the data. */
function unwrap(schema: z.ZodType): z.ZodType[] {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return unwrap(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(unwrap);
  if (schema instanceof z.ZodPipe) return unwrap(schema.in as z.ZodType);
  return [schema];
}
