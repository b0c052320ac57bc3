/** Example values for schemas without one: the document's own examples first, else a value of the right shape. */
import type { Json, OpenAPIDocument } from './document.js';

const MAX_DEPTH = 4;
const MAX_PROPERTIES = 40;

export type Direction = 'request' | 'response';

export function exampleOf(doc: OpenAPIDocument, schema: unknown, direction: Direction, depth = 0, seen = new Set<Json>()): unknown {
  const s = doc.resolve(schema);
  if (!s || seen.has(s) || depth > MAX_DEPTH) return undefined;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  seen.add(s);
  try {
    const variants = (Array.isArray(s.oneOf) && s.oneOf) || (Array.isArray(s.anyOf) && s.anyOf);
    if (variants && variants.length) return exampleOf(doc, variants[0], direction, depth + 1, seen);
    const merged = mergeAllOf(doc, s);
    const type = typeOf(merged);
    if (type === 'object') {
      const out: Record<string, unknown> = {};
      const properties = (merged.properties ?? {}) as Json;
      for (const [name, property] of Object.entries(properties).slice(0, MAX_PROPERTIES)) {
        const p = doc.resolve(property);
        if (!p || (direction === 'request' && p.readOnly === true) || (direction === 'response' && p.writeOnly === true)) continue;
        const value = exampleOf(doc, property, direction, depth + 1, seen);
        if (value !== undefined) out[name] = value;
      }
      const extra = merged.additionalProperties;
      if (!Object.keys(properties).length && extra && typeof extra === 'object') {
        const value = exampleOf(doc, extra, direction, depth + 1, seen);
        if (value !== undefined) out.key = value;
      }
      return out;
    }
    if (type === 'array') {
      const item = exampleOf(doc, merged.items, direction, depth + 1, seen);
      return item === undefined ? [] : [item];
    }
    return scalar(type, merged);
  } finally {
    seen.delete(s);
  }
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

function scalar(type: string | undefined, s: Json): unknown {
  switch (type) {
    case 'integer':
      return typeof s.minimum === 'number' ? Math.ceil(s.minimum) : 1;
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringExample(s.format);
    default:
      return undefined;
  }
}

function stringExample(format: unknown): string {
  switch (format) {
    case 'date-time':
      return '2024-01-15T09:30:00Z';
    case 'date':
      return '2024-01-15';
    case 'time':
      return '09:30:00';
    case 'email':
      return 'name@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com';
    case 'uuid':
      return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    case 'ipv4':
      return '192.0.2.1';
    case 'binary':
      return '<binary>';
    case 'byte':
      return 'aGVsbG8=';
    default:
      return 'text';
  }
}
