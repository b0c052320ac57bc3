/** Example values for schemas without one: the document's own examples first, else openapi-sampler's. */
import { sample } from 'openapi-sampler';
import type { Json, OpenAPIDocument } from '../../../content/openapi/document.js';

/** Object and array levels sampled; deeper ones come out empty. */
const MAX_DEPTH = 5;
// What a hostile spec could make huge: properties, `allOf` members and tuple items per schema, array and string
// lengths, the `$ref`s followed for one example (the sampler expands every use of one), and nesting (the copy
// below recurses).
const MAX_PROPERTIES = 40;
const MAX_ITEMS = 3;
const MAX_LENGTH = 100;
const MAX_REFS = 2_000;
const MAX_NESTING = 200;
/** Values the sampler shows as they are. */
const VALUES = new Set(['example', 'examples', 'default', 'const', 'enum']);

export type Direction = 'request' | 'response';

const specs = new WeakMap<OpenAPIDocument, Json>();
const copies = new WeakMap<object, unknown>();

export function exampleOf(doc: OpenAPIDocument, schema: unknown, direction: Direction): unknown {
  const s = doc.resolve(schema);
  if (!s) return undefined;
  let spec = specs.get(doc);
  if (!spec) specs.set(doc, (spec = bounded(doc, doc.raw, 0) as Json));
  let refs = 0;
  // The sampler reads the document's root once per `$ref` it follows.
  const counted = new Proxy(spec, {
    get: (target, key, receiver) => {
      if (++refs > MAX_REFS) throw new RangeError('too many $refs');
      return Reflect.get(target, key, receiver);
    },
  });
  const options = { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', maxSampleDepth: MAX_DEPTH, quiet: true };
  let value: unknown;
  try {
    value = sample(bounded(doc, schema, 0) as Parameters<typeof sample>[0], options, counted);
  } catch {
    return undefined; // too many $refs, too deep, or a `$ref` the sampler cannot read
  }
  // A schema that says nothing of its values samples as null: no example then.
  if (value === null && typeOf(s) === undefined && ![...VALUES].some((key) => key in s)) return undefined;
  return withoutHoles(value, 0);
}

/** The sampler leaves `undefined` in an array for an item it stopped at (a cycle, the depth limit): left out. */
function withoutHoles(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH + 1 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map((item) => withoutHoles(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutHoles(item, depth + 1)]));
}

/** Keys whose value maps names to schemas. */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas']);

/** A copy of a schema or document with the sizes above capped and the `$ref`s that lead nowhere left out. */
function bounded(doc: OpenAPIDocument, value: unknown, depth: number, names = false): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const done = copies.get(value);
  if (done !== undefined) return done;
  if (depth > MAX_NESTING) return {};
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    copies.set(value, out);
    for (const item of value) {
      const copy = bounded(doc, item, depth + 1);
      if (copy !== undefined) out.push(copy);
    }
    return out;
  }
  const node = value as Json;
  if (!names && typeof node.$ref === 'string' && !doc.resolve(node)) return undefined;
  const out: Json = {};
  copies.set(value, out);
  // In a map of schemas by name (`properties`...), a key is a name: `default` there is a property, not a value.
  for (const [key, item] of Object.entries(node)) {
    const copy = !names && VALUES.has(key) ? item : bounded(doc, item, depth + 1, !names && NAMED.has(key));
    if (copy !== undefined) out[key] = copy;
  }
  if (names) return out;
  const { properties, minItems, minLength } = out;
  if (properties && typeof properties === 'object' && !Array.isArray(properties))
    out.properties = Object.fromEntries(Object.entries(properties).slice(0, MAX_PROPERTIES));
  for (const key of ['allOf', 'items', 'prefixItems']) if (Array.isArray(out[key])) out[key] = out[key].slice(0, MAX_PROPERTIES);
  if (typeof minItems === 'number') out.minItems = Math.min(minItems, MAX_ITEMS);
  if (typeof minLength === 'number') out.minLength = Math.min(minLength, MAX_LENGTH);
  return out;
}

/** `allOf` members folded into one object schema (properties and required lists joined). */
export function mergeAllOf(doc: OpenAPIDocument, schema: Json, depth = 0): Json {
  if (!Array.isArray(schema.allOf) || depth > 8) return schema;
  const { allOf, ...rest } = schema;
  const out: Json = { ...rest };
  const properties: Json = { ...((rest.properties as Json | undefined) ?? {}) };
  const required = new Set<string>(Array.isArray(rest.required) ? (rest.required as string[]) : []);
  for (const member of allOf as unknown[]) {
    const m = doc.resolve(member);
    if (!m) continue;
    const part = mergeAllOf(doc, m, depth + 1);
    Object.assign(properties, (part.properties as Json | undefined) ?? {});
    for (const name of Array.isArray(part.required) ? (part.required as string[]) : []) required.add(name);
    for (const [key, value] of Object.entries(part)) if (!(key in out) && key !== 'properties' && key !== 'required') out[key] = value;
  }
  if (Object.keys(properties).length) out.properties = properties;
  if (required.size) out.required = [...required];
  return out;
}

/** The schema's type: its `type` (the first non-null one of a list), else what its keywords imply. */
export function typeOf(schema: Json): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(schema.enum) && schema.enum.length) return enumType(schema.enum[0]);
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function enumType(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}
