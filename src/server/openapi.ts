import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The API contract: two OpenAPI documents, each pinned in package.json. The one Quire was built against (0.143.2) and
 * the one of the newest client (0.202.0): an operation of either is served, and answers valid against both.
 */
export const SPECS = { pinned: '@gitbook/api', newer: '@gitbook/api-0.202' } as const;
export type SpecName = keyof typeof SPECS;

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** As the spec writes it, relative to /v1: `/spaces/{spaceId}`. */
  path: string;
  parameters: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  /** Status code -> JSON schema of the body (undefined when the status has none). */
  responses: Map<string, JsonSchema | undefined>;
  /** True when the operation needs no token. */
  public: boolean;
  deprecated: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema>; parameters: Record<string, RawParameter>; responses: Record<string, RawResponse> };
}

interface RawParameter {
  name: string;
  in: Parameter['in'];
  required?: boolean;
  schema?: JsonSchema;
}
interface RawResponse {
  content?: Record<string, { schema?: JsonSchema }>;
}
interface RawOperation {
  operationId: string;
  parameters?: (RawParameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | { $ref: string };
  responses: Record<string, RawResponse | { $ref: string }>;
  security?: unknown[];
  deprecated?: boolean;
}

/**
 * Operations anyone may call without a token. The spec leaves `trackEventsInSiteById` under its global security, but
 * the visitors of a published site post their events to it from their browsers, holding no token.
 */
const PUBLIC_OPERATIONS = new Set(['getApiInformation', 'trackEventsInSiteById']);
const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface Spec {
  document: OpenApiDocument;
  operations: Operation[];
}

/** An operation as the two documents have it: in one of them, or in both (at the same method and path). */
export interface ContractOperation {
  operationId: string;
  pinned?: Operation;
  newer?: Operation;
}

const cached = new Map<SpecName, Spec>();

export function loadSpec(name: SpecName = 'pinned'): Spec {
  let spec = cached.get(name);
  if (!spec) {
    const document = JSON.parse(readFileSync(specFile(name), 'utf8')) as OpenApiDocument;
    spec = { document, operations: readOperations(document) };
    cached.set(name, spec);
  }
  return spec;
}

/** Every operation of either document, the pinned one's first. */
export function contractOperations(): ContractOperation[] {
  const joined = new Map<string, ContractOperation>();
  for (const name of ['pinned', 'newer'] as const) {
    for (const operation of loadSpec(name).operations) {
      const entry = joined.get(operation.operationId) ?? { operationId: operation.operationId };
      const other = entry.pinned;
      if (other && (other.method !== operation.method || other.path !== operation.path)) {
        throw new Error(`${operation.operationId} moved between the specs: ${other.method} ${other.path}, ${operation.method} ${operation.path}`);
      }
      entry[name] = operation;
      joined.set(operation.operationId, entry);
    }
  }
  return [...joined.values()];
}

/** The version of a spec's package (its package.json is not exported). */
export function specVersion(name: SpecName = 'pinned'): string {
  const pkgFile = join(dirname(specFile(name)), '..', 'package.json');
  return (JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string }).version;
}

function specFile(name: SpecName): string {
  return createRequire(import.meta.url).resolve(`${SPECS[name]}/spec/openapi.json`);
}

function readOperations(document: OpenApiDocument): Operation[] {
  const deref = <T>(value: T | { $ref: string }): T => {
    if (value && typeof value === 'object' && '$ref' in value) {
      let node: unknown = document;
      for (const key of value.$ref.slice(2).split('/')) node = (node as Record<string, unknown>)[key];
      return node as T;
    }
    return value as T;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const parameters = (raw.parameters ?? []).map((p) => {
        const param = deref<RawParameter>(p);
        return { name: param.name, in: param.in, required: param.required ?? param.in === 'path', schema: param.schema ?? {} };
      });
      const requestBody = raw.requestBody && deref(raw.requestBody);
      const bodySchema = requestBody?.content?.['application/json']?.schema;
      const responses = new Map<string, JsonSchema | undefined>();
      for (const [status, response] of Object.entries(raw.responses)) {
        responses.set(status, deref<RawResponse>(response).content?.['application/json']?.schema);
      }
      operations.push({
        operationId: raw.operationId,
        method,
        path,
        parameters,
        ...(bodySchema ? { body: { schema: bodySchema, required: requestBody?.required ?? false } } : {}),
        responses,
        public: PUBLIC_OPERATIONS.has(raw.operationId),
        deprecated: raw.deprecated ?? false,
      });
    }
  }
  return operations;
}
