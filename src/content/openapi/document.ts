/**
 * One OpenAPI document as the site and the computed pages read it: Swagger 2.0 and OpenAPI 3.0/3.1 behind one shape
 * (operations with parameters, request bodies and responses; tags; schemas), local `$ref`s followed on demand rather
 * than the whole document dereferenced, so a recursive schema is never expanded more than it is shown.
 */
export type Json = Record<string, unknown>;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: Json;
  example?: unknown;
}

export interface MediaContent {
  mediaType: string;
  schema?: Json;
  /** An example the document gives; else one is made from the schema. */
  example?: unknown;
}

export interface RequestBody {
  description?: string;
  required: boolean;
  contents: MediaContent[];
}

export interface Response {
  status: string;
  description?: string;
  contents: MediaContent[];
  headers: Parameter[];
}

export interface Operation {
  path: string;
  method: (typeof METHODS)[number];
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: Parameter[];
  body?: RequestBody;
  responses: Response[];
  /** Alternatives, each a set of security scheme names that apply together. */
  security: string[][];
  servers: string[];
}

export interface Tag {
  name: string;
  title: string;
  /** The tag's text (markdown): the top of its page. */
  description?: string;
  /** `x-page-description`: the page's description line. */
  pageDescription?: string;
  /** `x-page-icon` */
  icon?: string;
  /** `x-parent`: the tag this one's page nests under. */
  parent?: string;
  /** `x-page-slug` */
  slug?: string;
}

export interface SecurityScheme {
  name: string;
  /** `Bearer token in Authorization`, `API key in header X-Api-Key`... */
  label: string;
  description?: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
/** `x-internal` / `x-gitbook-ignore`: left out of the published reference, as GitBook does. */
const hidden = (value: Json) => value['x-internal'] === true || value['x-gitbook-ignore'] === true;

export class OpenAPIDocument {
  readonly swagger: boolean;
  private operationList?: Operation[];
  /** What each `$ref` points to, found once. */
  private readonly targets = new Map<string, unknown>();

  constructor(readonly raw: Json) {
    this.swagger = raw.swagger === '2.0';
  }

  get title(): string {
    return str((this.raw.info as Json | undefined)?.title) ?? 'API';
  }

  get description(): string | undefined {
    return str((this.raw.info as Json | undefined)?.description);
  }

  /** The object a value stands for: itself, or what its local `$ref` chain ends at (undefined when it leads nowhere). */
  resolve(value: unknown): Json | undefined {
    let current = value;
    for (let hops = 0; hops < 32; hops++) {
      if (!isObject(current)) return undefined;
      const ref = current.$ref;
      if (typeof ref !== 'string') return current;
      current = this.pointer(ref);
    }
    return undefined;
  }

  /** The name a `$ref` gives its target (`#/components/schemas/Pet` -> `Pet`). */
  refName(value: unknown): string | undefined {
    const ref = isObject(value) ? value.$ref : undefined;
    return typeof ref === 'string' ? decodeSegment(ref.split('/').pop() ?? '') : undefined;
  }

  private pointer(ref: string): unknown {
    if (this.targets.has(ref)) return this.targets.get(ref);
    const target = this.walk(ref);
    this.targets.set(ref, target);
    return target;
  }

  private walk(ref: string): unknown {
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = this.raw;
    for (const segment of ref.slice(1).split('/').slice(1).map(decodeSegment)) {
      if (!isObject(node) && !Array.isArray(node)) return undefined;
      node = (node as Json)[segment];
    }
    return node;
  }

  operations(): Operation[] {
    this.operationList ??= this.readOperations();
    return this.operationList;
  }

  operation(path: string, method: string): Operation | undefined {
    const m = method.toLowerCase();
    const trimmed = path.replace(/(.)\/+$/, '$1');
    return this.operations().find((op) => op.method === m && op.path === trimmed);
  }

  /** Declared tags first, in order, then tags only operations name; each with its page title. */
  tags(): Tag[] {
    const out = new Map<string, Tag>();
    for (const raw of Array.isArray(this.raw.tags) ? this.raw.tags : []) {
      if (!isObject(raw) || typeof raw.name !== 'string' || hidden(raw)) continue;
      const title = str(raw['x-page-title']) ?? str(raw['x-displayName']) ?? raw.name;
      const tag: Tag = { name: raw.name, title };
      if (str(raw.description)) tag.description = raw.description as string;
      if (str(raw['x-page-description'])) tag.pageDescription = raw['x-page-description'] as string;
      if (str(raw['x-page-icon'])) tag.icon = raw['x-page-icon'] as string;
      if (str(raw['x-parent'])) tag.parent = raw['x-parent'] as string;
      if (str(raw['x-page-slug'])) tag.slug = raw['x-page-slug'] as string;
      out.set(raw.name, tag);
    }
    for (const op of this.operations()) for (const name of op.tags) if (!out.has(name)) out.set(name, { name, title: name });
    return [...out.values()];
  }

  schemaNames(): string[] {
    const schemas = this.swagger ? this.raw.definitions : (this.raw.components as Json | undefined)?.schemas;
    return isObject(schemas) ? Object.keys(schemas).filter((name) => isObject(schemas[name]) && !hidden(schemas[name] as Json)) : [];
  }

  schema(name: string): Json | undefined {
    const schemas = this.swagger ? this.raw.definitions : (this.raw.components as Json | undefined)?.schemas;
    return isObject(schemas) ? this.resolve(schemas[name]) : undefined;
  }

  securitySchemes(): Map<string, SecurityScheme> {
    const raw = this.swagger ? this.raw.securityDefinitions : (this.raw.components as Json | undefined)?.securitySchemes;
    const out = new Map<string, SecurityScheme>();
    if (!isObject(raw)) return out;
    for (const [name, value] of Object.entries(raw)) {
      const scheme = this.resolve(value);
      if (!scheme) continue;
      const entry: SecurityScheme = { name, label: schemeLabel(scheme) };
      if (str(scheme.description)) entry.description = scheme.description as string;
      out.set(name, entry);
    }
    return out;
  }

  private servers(...levels: unknown[]): string[] {
    if (this.swagger) {
      const host = str(this.raw.host);
      if (!host) return [];
      const scheme = Array.isArray(this.raw.schemes) && typeof this.raw.schemes[0] === 'string' ? this.raw.schemes[0] : 'https';
      return [`${scheme}://${host}${str(this.raw.basePath)?.replace(/\/$/, '') ?? ''}`];
    }
    const list = levels.find((l) => Array.isArray(l) && l.length > 0) as unknown[] | undefined;
    return (list ?? []).flatMap((server) => {
      if (!isObject(server) || typeof server.url !== 'string') return [];
      const variables = isObject(server.variables) ? server.variables : {};
      return [
        server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
          const value = (variables[name] as Json | undefined)?.default;
          return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
        }),
      ];
    });
  }

  private readOperations(): Operation[] {
    const paths = isObject(this.raw.paths) ? this.raw.paths : {};
    const out: Operation[] = [];
    for (const [path, rawItem] of Object.entries(paths)) {
      const item = this.resolve(rawItem);
      if (!item) continue;
      for (const method of METHODS) {
        const op = this.resolve(item[method]);
        if (!op || hidden(op)) continue;
        out.push(this.readOperation(path, method, item, op));
      }
    }
    return out;
  }

  private readOperation(path: string, method: Operation['method'], item: Json, op: Json): Operation {
    const params = new Map<string, Json>();
    for (const list of [item.parameters, op.parameters]) {
      for (const raw of Array.isArray(list) ? list : []) {
        const p = this.resolve(raw);
        if (p && typeof p.name === 'string') params.set(`${String(p.in)}:${p.name}`, p);
      }
    }
    const all = [...params.values()];
    const operation: Operation = {
      path,
      method,
      tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
      deprecated: op.deprecated === true,
      parameters: all.filter((p) => ['path', 'query', 'header', 'cookie'].includes(String(p.in))).map((p) => this.parameter(p)),
      responses: this.responses(op),
      security: this.security(op),
      servers: this.servers(op.servers, item.servers, this.raw.servers),
    };
    if (str(op.operationId)) operation.operationId = op.operationId as string;
    if (str(op.summary)) operation.summary = op.summary as string;
    if (str(op.description)) operation.description = op.description as string;
    const body = this.swagger ? this.swaggerBody(op, all) : this.requestBody(op.requestBody);
    if (body) operation.body = body;
    return operation;
  }

  private parameter(p: Json): Parameter {
    const parameter: Parameter = { name: p.name as string, in: p.in as Parameter['in'], required: p.required === true || p.in === 'path' };
    if (str(p.description)) parameter.description = p.description as string;
    if (p.deprecated === true) parameter.deprecated = true;
    const schema = this.swagger ? swaggerSchema(p) : isObject(p.schema) ? p.schema : firstMedia(this, p.content)?.schema;
    if (isObject(schema)) parameter.schema = schema;
    if (p.example !== undefined) parameter.example = p.example;
    return parameter;
  }

  private requestBody(raw: unknown): RequestBody | undefined {
    const body = this.resolve(raw);
    if (!body) return undefined;
    const out: RequestBody = { required: body.required === true, contents: this.contents(body.content) };
    if (str(body.description)) out.description = body.description as string;
    return out;
  }

  /** Swagger 2.0: the `in: body` parameter, or the `formData` ones as one object. */
  private swaggerBody(op: Json, params: Json[]): RequestBody | undefined {
    const consumes = mediaTypes(op.consumes ?? this.raw.consumes);
    const body = params.find((p) => p.in === 'body');
    if (body) {
      const out: RequestBody = {
        required: body.required === true,
        contents: consumes.map((mediaType) => ({ mediaType, ...(isObject(body.schema) ? { schema: body.schema } : {}) })),
      };
      if (str(body.description)) out.description = body.description as string;
      return out;
    }
    const form = params.filter((p) => p.in === 'formData');
    if (!form.length) return undefined;
    const schema: Json = {
      type: 'object',
      properties: Object.fromEntries(form.map((p) => [p.name, { ...swaggerSchema(p), ...(str(p.description) ? { description: p.description } : {}) }])),
      required: form.filter((p) => p.required === true).map((p) => p.name),
    };
    const mediaType =
      consumes.find((m) => m.includes('form')) ?? (form.some((p) => p.type === 'file') ? 'multipart/form-data' : 'application/x-www-form-urlencoded');
    return { required: form.some((p) => p.required === true), contents: [{ mediaType, schema }] };
  }

  private contents(content: unknown): MediaContent[] {
    if (!isObject(content)) return [];
    return Object.entries(content).flatMap(([mediaType, raw]) => {
      const media = this.resolve(raw);
      if (!media) return [];
      const out: MediaContent = { mediaType };
      if (isObject(media.schema)) out.schema = media.schema;
      const example = media.example !== undefined ? media.example : firstExample(this, media.examples);
      if (example !== undefined) out.example = example;
      return [out];
    });
  }

  private responses(op: Json): Response[] {
    const responses = isObject(op.responses) ? op.responses : {};
    const produces = mediaTypes(op.produces ?? this.raw.produces);
    return Object.entries(responses).flatMap(([status, raw]) => {
      const r = this.resolve(raw);
      if (!r) return [];
      const response: Response = { status, contents: [], headers: this.headers(r.headers) };
      if (str(r.description)) response.description = r.description as string;
      if (!this.swagger) response.contents = this.contents(r.content);
      else if (isObject(r.schema) || isObject(r.examples)) {
        const examples = isObject(r.examples) ? r.examples : {};
        const types = isObject(r.schema) ? produces : Object.keys(examples);
        response.contents = types.map((mediaType) => ({
          mediaType,
          ...(isObject(r.schema) ? { schema: r.schema } : {}),
          ...(examples[mediaType] !== undefined ? { example: examples[mediaType] } : {}),
        }));
      }
      return [response];
    });
  }

  private headers(raw: unknown): Parameter[] {
    if (!isObject(raw)) return [];
    return Object.entries(raw).flatMap(([name, value]) => {
      const h = this.resolve(value);
      if (!h) return [];
      const header: Parameter = { name, in: 'header', required: h.required === true };
      if (str(h.description)) header.description = h.description as string;
      const schema = this.swagger ? swaggerSchema(h) : isObject(h.schema) ? h.schema : undefined;
      if (schema) header.schema = schema;
      return [header];
    });
  }

  private security(op: Json): string[][] {
    const list = Array.isArray(op.security) ? op.security : Array.isArray(this.raw.security) ? this.raw.security : [];
    return list.filter(isObject).map((requirement) => Object.keys(requirement));
  }
}

function decodeSegment(segment: string): string {
  let decoded = segment.replace(/~1/g, '/').replace(/~0/g, '~');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // kept as written
  }
  return decoded;
}

function mediaTypes(value: unknown): string[] {
  const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return list.length ? list.slice(0, 1) : ['application/json'];
}

/** A Swagger 2.0 parameter or header carries its schema keywords itself. */
function swaggerSchema(p: Json): Json {
  const keys = [
    'type',
    'format',
    'items',
    'enum',
    'default',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'uniqueItems',
    'multipleOf',
    'collectionFormat',
  ];
  const schema = Object.fromEntries(keys.filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
  return schema.type === 'file' ? { ...schema, type: 'string', format: 'binary' } : schema;
}

function firstMedia(doc: OpenAPIDocument, content: unknown): Json | undefined {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return doc.resolve(first);
}

function firstExample(doc: OpenAPIDocument, examples: unknown): unknown {
  if (!isObject(examples)) return undefined;
  for (const value of Object.values(examples)) {
    const example = doc.resolve(value);
    if (example && example.value !== undefined) return example.value;
  }
  return undefined;
}

function schemeLabel(scheme: Json): string {
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'bearer' ? 'Bearer token in the Authorization header' : `HTTP ${String(scheme.scheme ?? 'basic')} authentication`;
    case 'basic':
      return 'HTTP basic authentication';
    case 'apiKey':
      return `API key in the ${String(scheme.in ?? 'header')} ${String(scheme.name ?? '')}`.trim();
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    default:
      return String(scheme.type ?? 'Authentication');
  }
}
