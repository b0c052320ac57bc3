import type { Ajv, ValidateFunction } from 'ajv';
import { type JsonSchema, loadSpec, type OpenApiDocument, type Operation } from '../../src/server/openapi.js';
import { createAjv, refsToSpec } from '../../src/server/validation.js';

/** One response's shape in one spec: the operation's id and its schema per status (undefined: no body). */
interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  responses: Map<string, JsonSchema | undefined>;
}

/** One contract responses are checked against: a spec document (patched, below) and its operations. */
interface Contract {
  version: string;
  document: OpenApiDocument;
  routes: { op: SpecOperation; regex: RegExp; params: number }[];
  ajv?: Ajv;
}

const { document: olderDocument, operations } = loadSpec();
const newerDocument = loadSpec('newer').document;

/** Both contracts Quire answers: every response of an operation is checked against each spec that has it. */
const contracts: Contract[] = [contract('0.143.2', olderDocument), contract('0.202.0', newerDocument)];

function contract(version: string, specDocument: OpenApiDocument): Contract {
  const document = patched(specDocument);
  const routes = specOperations(document)
    .map((op) => ({
      op,
      // A page path may hold slashes, or be empty (the first page): `.../path/` and `.../path` name it.
      regex: new RegExp(`^/v1${op.path.replace('/{pagePath}', '(?:/(.*))?').replace(/\{(\w+)\}/g, '([^/]+)')}/?$`),
      params: (op.path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  return { version, document, routes };
}

/** The response schemas of every operation of a document, by method and path. */
function specOperations(document: OpenApiDocument): SpecOperation[] {
  const deref = (value: unknown): { content?: Record<string, { schema?: JsonSchema }> } => {
    let node = value as Record<string, unknown>;
    if (typeof node.$ref === 'string') {
      node = document as unknown as Record<string, unknown>;
      for (const key of (value as { $ref: string }).$ref.slice(2).split('/')) node = node[key] as Record<string, unknown>;
    }
    return node;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
      const raw = item[method];
      if (!raw) return [];
      const responses = new Map(Object.entries(raw.responses).map(([status, r]) => [status, deref(r).content?.['application/json']?.schema]));
      return [{ operationId: raw.operationId, method, path, responses }];
    }),
  );
}

/** A copy of a spec with the schema bugs both versions share repaired for checking responses (requests keep the spec's). */
function patched(specDocument: OpenApiDocument): OpenApiDocument {
  const document = structuredClone(specDocument);
  const schemas = document.components.schemas;
  /**
   * The spec's `Document` union ends in an `Empty` branch with `additionalProperties: false`. Inside
   * `RevisionPageDocument`'s allOf that branch rejects every page sent without content (every list of pages, GitBook's
   * included), so responses are checked with `Empty` read as "neither markdown nor document".
   */
  (schemas.Document as { oneOf: unknown[] }).oneOf[2] = {
    type: 'object',
    title: 'Empty',
    not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] },
  };
  /**
   * `RevisionSemanticChangePageEdited.attributes` is a oneOf of three schemas that accept the same objects (no required
   * keys, no additional-property limits), so no edited page can match exactly one: responses are checked with anyOf.
   */
  const edited = schemas.RevisionSemanticChangePageEdited as { properties: { attributes: { oneOf?: unknown[]; anyOf?: unknown[] } } };
  edited.properties.attributes = { anyOf: edited.properties.attributes.oneOf! };
  /**
   * Not a spec bug but Quire's one deviation (docs/api.md, "Two contracts"): 0.202.0's `GitSyncState` requires a GitHub
   * or GitLab installation, and a space synced with another remote or a directory has none. `Space.gitSync` leaves such
   * a sync out; getSpaceGitInfo still describes it, so its answer is checked without the installation fields required.
   */
  const { required: _required, ...gitState } = schemas.GitSyncState as { required?: string[] };
  const gitInfo = document.paths['/spaces/{spaceId}/git/info']?.get?.responses['200'] as { content: { 'application/json': { schema: unknown } } };
  gitInfo.content['application/json'].schema = gitState;
  return document;
}

const compiled = new Map<string, ValidateFunction>();

function find(c: Contract, method: string, pathname: string): SpecOperation | undefined {
  const m = method.toLowerCase();
  return c.routes.find((r) => r.op.method === m && r.regex.test(pathname))?.op;
}

/** The operation of the pinned (0.143.2) spec a request names. */
export function operationFor(method: string, pathname: string): Operation | undefined {
  const id = find(contracts[0]!, method, pathname)?.operationId;
  return id === undefined ? undefined : operations.find((op) => op.operationId === id);
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: { code: { type: 'integer' }, message: { type: 'string', minLength: 1 } },
    },
  },
};

/**
 * Checks one response against both specs: a status declared by each spec that has the operation, that spec's schema
 * for the status, an empty body for 204/205, and the error body (with `code` equal to the status) for every error.
 * Returns a list of problems, each naming the spec it comes from; empty when the response conforms to both.
 */
export function checkResponse(method: string, url: string, status: number, text: string): string[] {
  const pathname = new URL(url).pathname;
  const found = contracts.flatMap((c) => {
    const op = find(c, method, pathname);
    return op ? [{ c, op }] : [];
  });
  const where = `${method} ${pathname} -> ${status}`;
  if (!found.length && status < 400) return [`${where}: no operation in either spec`];
  if (status === 204 || status === 205) return text === '' ? [] : [`${where}: ${status} must have no body`];
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return [`${where}: body is not JSON: ${text.slice(0, 100)}`];
  }
  if (status >= 400) {
    const problems = validate('error', contracts[0]!, () => ERROR_SCHEMA, body);
    const code = (body as { error?: { code?: number } } | undefined)?.error?.code;
    if (code !== status) problems.push(`error.code ${code} differs from the status ${status}`);
    return problems.map((p) => `${where} (${found[0]?.op.operationId ?? 'no operation'}): ${p}`);
  }
  const externalLinks = text.includes('"site-external-link"');
  // A documented conflict (docs/api.md): where the specs declare different success statuses (cancelImportRun: 201 in
  // 0.143.2, 200 in 0.202.0), the answer follows the spec that declares the status it gives.
  const declaring = found.filter(({ op }) => op.responses.has(String(status)));
  return (declaring.length ? declaring : found).flatMap(({ c, op }) => {
    const at = `${where} (${op.operationId}, ${c.version})`;
    // A documented conflict (docs/api.md): 0.202.0's site structure holds external links, 0.143.2's cannot. A link
    // itself (a sorted structure item) is 0.202.0's alone; in a larger answer, the rest must still be valid under 0.143.2.
    if (externalLinks && c.version === '0.143.2') {
      if (text.startsWith('{"object":"site-external-link"')) return [];
      return checkOne(c, op, status, text, withoutExternalLinks(body)).map((p) => `${at}: ${p}`);
    }
    return checkOne(c, op, status, text, body).map((p) => `${at}: ${p}`);
  });
}

function checkOne(c: Contract, op: SpecOperation, status: number, text: string, body: unknown): string[] {
  if (!op.responses.has(String(status))) return ['status not declared by the spec'];
  const schema = op.responses.get(String(status));
  // A success the spec declares without content (applyTemplateToSpace's 201) has an empty body.
  if (!schema) return text === '' ? [] : ['the spec declares no body for this status'];
  return validate(`${c.version}:${op.operationId}:${status}`, c, () => refsToSpec(schema), body);
}

function withoutExternalLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => (v as { object?: string } | null)?.object !== 'site-external-link').map(withoutExternalLinks);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutExternalLinks(v)]));
  return value;
}

/** Validates with the schema compiled once per key, in the Ajv of its contract (made on first use). */
function validate(key: string, c: Contract, schema: () => object, body: unknown): string[] {
  let fn = compiled.get(key);
  if (!fn) {
    c.ajv ??= createAjv(c.document);
    fn = c.ajv.compile(schema());
    compiled.set(key, fn);
  }
  if (fn(body)) return [];
  return (fn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
}

export const allOperations = operations;
