import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema, OpenApiDocument, Operation } from './openapi.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export const SPEC_ID = 'gitbook-openapi';

/** Formats the spec names that JSON Schema does not define. */
const CUSTOM_FORMATS = {
  emoji: (value: string) => [...value].length <= 8,
  icon: /^[a-z0-9-]{1,50}$/,
  int32: true as const,
  byte: /^[A-Za-z0-9+/]*={0,2}$/,
};

/** An Ajv that knows every component of the spec, for `$ref`s rewritten by `refsToSpec`. */
export function createAjv(document: OpenApiDocument, options: { coerceTypes?: boolean | 'array'; useDefaults?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: options.useDefaults ?? false,
    formats: CUSTOM_FORMATS,
    // The spec's schemas come from the pinned package, not from users: checking them against the
    // meta-schema on every start cost a third of a second.
    validateSchema: false,
  });
  addFormats(ajv);
  ajv.addSchema({ $id: SPEC_ID, components: specComponents(document) } as JsonSchema);
  return ajv;
}

/** `createAjv`, made on first use: a server starts without preparing validators it may never need. */
export function lazyAjv(document: OpenApiDocument, options: Parameters<typeof createAjv>[1] = {}): () => Ajv {
  let ajv: Ajv | undefined;
  return () => (ajv ??= createAjv(document, options));
}

const rewritten = new WeakMap<OpenApiDocument, unknown>();

/** The document's components with refs pointed at the registered spec, rewritten once per document. */
function specComponents(document: OpenApiDocument): unknown {
  let components = rewritten.get(document);
  if (components === undefined) rewritten.set(document, (components = withoutContentDefaults(refsToSpec(document.components))));
  return components;
}

/**
 * Three repairs to the schemas of document content (blocks, inlines, marks):
 * - They lose their `default`s. A default says how a missing field reads; written into a document a client sent
 *   (and, by Ajv, into every block a `oneOf` branch was tried on), it would change the content: a code block
 *   would gain `overflow: "scroll"`, and its page file a `{% code %}` tag.
 * - An `allOf` member loses `additionalProperties: false`, which cannot see the properties its siblings declare:
 *   0.202's button (`{label, kind}` and `{ref}` with no other property) would accept no button at all.
 * - Two `oneOf`s of shapes that overlap become `anyOf`s, or no value would pass: a table record's value (a URL or file
 *   reference is both a `ContentRef` and a `DocumentTableImageRecord`) and a `PlainObject`'s values (a `PlainObject`
 *   has no type, so a string is one too: no integration block's props would be valid).
 */
function withoutContentDefaults<T>(components: T): T {
  const schemas = (components as { schemas?: Record<string, unknown> }).schemas ?? {};
  const open = (member: unknown): unknown => {
    if (!member || typeof member !== 'object' || Array.isArray(member)) return member;
    const { additionalProperties, ...rest } = member as Record<string, unknown>;
    const out: Record<string, unknown> = additionalProperties === false ? rest : { ...rest, additionalProperties };
    for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(open);
    return out;
  };
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    const { default: _default, ...rest } = value as Record<string, unknown>;
    if (Array.isArray(rest.allOf)) rest.allOf = rest.allOf.map(open);
    return Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, strip(child)]));
  };
  for (const name of Object.keys(schemas)) if (CONTENT_SCHEMA.test(name)) schemas[name] = strip(schemas[name]);
  const tableValues = (schemas.DocumentTableRecord as { properties?: { values?: Overlapping } } | undefined)?.properties?.values;
  for (const holder of [tableValues, schemas.PlainObject as Overlapping | undefined]) {
    const value = holder?.additionalProperties;
    if (holder && value && Array.isArray(value.oneOf)) holder.additionalProperties = { anyOf: value.oneOf };
  }
  return components;
}

const CONTENT_SCHEMA = /^(Document|JSONDocument|OpenAPISchemasPointer)/;

type Overlapping = { additionalProperties?: Record<string, unknown> };

/**
 * Points local `#/components/...` refs at the spec registered in Ajv, and turns OpenAPI's
 * `nullable` beside a `$ref` (no `type` for Ajv to widen) into an explicit `anyOf` with null.
 */
export function refsToSpec<T>(value: T): T {
  if (Array.isArray(value)) return value.map(refsToSpec) as T;
  if (value && typeof value === 'object') {
    const { nullable, ...rest } = value as Record<string, unknown>;
    if (nullable === true && !('type' in rest)) return { anyOf: [refsToSpec(rest), { type: 'null' }] } as T;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] = key === '$ref' && typeof child === 'string' && child.startsWith('#/') ? `${SPEC_ID}${child}` : refsToSpec(child);
    }
    return out as T;
  }
  return value;
}

export interface RequestValidators {
  params: ValidateFunction;
  query: ValidateFunction;
  body?: ValidateFunction;
}

/**
 * Request validators for one operation, built from its parameters and body schema. Compiled on
 * first use so that the server starts without compiling all 309 operations.
 */
export class OperationValidator {
  private compiled?: RequestValidators;

  private bodyProperties?: Map<string, unknown[]>;
  /** The names of the operation's parameters, by where they go. */
  private parameterNames?: Record<'path' | 'query', Set<string>>;
  private readonly fieldValidators = new Map<string, ValidateFunction>();

  constructor(
    readonly operation: Operation,
    private readonly paramsAjv: () => Ajv,
    private readonly bodyAjv: () => Ajv,
    private readonly document: OpenApiDocument,
  ) {}

  /** True when this version of the operation defines the parameter, or the body's top-level property, `name`. */
  declares(where: 'path' | 'query' | 'body', name: string): boolean {
    if (where !== 'body') {
      this.parameterNames ??= {
        path: new Set(this.operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)),
        query: new Set(this.operation.parameters.filter((p) => p.in === 'query').map((p) => p.name)),
      };
      return this.parameterNames[where].has(name);
    }
    this.bodyProperties ??= topLevelProperties(this.operation.body?.schema, this.document);
    return this.bodyProperties.has(name);
  }

  /**
   * `value` judged as this version's query parameter or top-level body property `name` (which it must declare): what
   * is wrong with it, or the value to hand on. A query parameter is handed on as this version types it (`"true"` a
   * boolean, `"10"` a number, one value a list), as the whole query it validates would be. A body property is handed
   * on as sent: it is judged on a copy, so that a default this version would fill in stays out of the request.
   */
  judge(where: 'query' | 'body', name: string, value: unknown): { errors: ErrorObject[] } | { value: unknown } {
    const key = `${where} ${name}`;
    let validate = this.fieldValidators.get(key);
    if (!validate) {
      this.bodyProperties ??= topLevelProperties(this.operation.body?.schema, this.document);
      const schemas =
        where === 'query'
          ? this.operation.parameters.filter((p) => p.in === 'query' && p.name === name).map((p) => stringsFirst(p.schema))
          : (this.bodyProperties.get(name) ?? []);
      const schema = schemas.length === 1 ? refsToSpec(schemas[0]) : { anyOf: schemas.map(refsToSpec) };
      validate = (where === 'query' ? this.paramsAjv() : this.bodyAjv()).compile({ type: 'object', properties: { [name]: schema } });
      this.fieldValidators.set(key, validate);
    }
    const copy = { [name]: structuredClone(value) };
    if (!validate(copy)) return { errors: validate.errors ?? [] };
    return { value: where === 'query' ? copy[name] : value };
  }

  get validators(): RequestValidators {
    this.compiled ??= this.compile();
    return this.compiled;
  }

  private compile(): RequestValidators {
    const group = (where: 'path' | 'query') => {
      const params = this.operation.parameters.filter((p) => p.in === where);
      return this.paramsAjv().compile({
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, refsToSpec(stringsFirst(p.schema))])),
        required: params.filter((p) => p.required).map((p) => p.name),
      });
    };
    const body = this.operation.body;
    return {
      params: group('path'),
      query: group('query'),
      ...(body ? { body: this.bodyAjv().compile(refsToSpec(body.schema)) } : {}),
    };
  }
}

/**
 * A parameter's schema with the string forms of its `oneOf` or `anyOf` tried first. Ajv coerces a parameter in place
 * as each form is tried: `evaluated=true` against `boolean | "deterministic-only"` became `true` for the first form,
 * then `"true"` again for the second. Tried first, a string form leaves the text as it is, and the form that matches
 * a boolean or a number has the last word.
 */
function stringsFirst(schema: JsonSchema): JsonSchema {
  const key = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (!key) return schema;
  const forms = schema[key] as JsonSchema[];
  const isString = (form: JsonSchema) => form.type === 'string';
  if (!forms.some((form) => form.type !== undefined && !isString(form))) return schema;
  return { ...schema, [key]: [...forms.filter(isString), ...forms.filter((form) => !isString(form))] };
}

/** One readable sentence from Ajv's errors, naming the field. */
export function describeErrors(where: 'body' | 'query' | 'path', errors: ErrorObject[] | null | undefined): string {
  const error = pickError(errors ?? []);
  if (!error) return `Invalid ${where}`;
  const field = fieldName(where, error);
  switch (error.keyword) {
    case 'required':
      return `${where === 'body' ? 'body' : where}: ${joinField(field, String(error.params.missingProperty))} is required`;
    case 'enum':
      return `${field}: must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'additionalProperties':
      return `${field}: unknown property "${String(error.params.additionalProperty)}"`;
    default:
      return `${field}: ${error.message ?? 'is invalid'}`;
  }
}

/** The most specific error: the deepest one, preferring concrete keywords over oneOf/anyOf summaries. */
function pickError(errors: ErrorObject[]): ErrorObject | undefined {
  const concrete = errors.filter((e) => !['oneOf', 'anyOf', 'allOf', 'if'].includes(e.keyword));
  const pool = concrete.length ? concrete : errors;
  return [...pool].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length)[0];
}

function fieldName(where: 'body' | 'query' | 'path', error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (where === 'body') return path.length ? path.join('.') : 'body';
  return path.join('.') || where;
}

function joinField(parent: string, child: string): string {
  return parent === 'body' || parent === 'query' || parent === 'path' ? child : `${parent}.${child}`;
}

/** The properties a schema names at its top level, through `$ref`s and `allOf`/`oneOf`/`anyOf`, with their schemas. */
function topLevelProperties(schema: JsonSchema | undefined, document: OpenApiDocument): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const value = node as Record<string, unknown>;
    if (typeof value.$ref === 'string') visit(resolveRef(document, value.$ref));
    for (const [name, property] of Object.entries((value.properties as Record<string, unknown> | undefined) ?? {})) {
      out.set(name, [...(out.get(name) ?? []), property]);
    }
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) if (Array.isArray(value[key])) for (const member of value[key]) visit(member);
  };
  visit(schema);
  return out;
}

function resolveRef(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const segment of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}
