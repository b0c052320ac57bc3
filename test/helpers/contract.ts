import type { Ajv, ValidateFunction } from 'ajv';
import { loadSpec, type Operation, type SpecName } from '../../src/server/openapi.js';
import { createAjv, refsToSpec } from '../../src/server/validation.js';

interface Checker {
  document: ReturnType<typeof loadSpec>['document'];
  routes: { op: Operation; regex: RegExp; params: number }[];
  ajv?: Ajv;
  compiled: Map<string, ValidateFunction>;
}

function checkerFor(name: SpecName): Checker {
  const { document: specDocument, operations } = loadSpec(name);
  /**
   * The spec's `Document` union ends in an `Empty` branch with `additionalProperties: false`. Inside
   * `RevisionPageDocument`'s allOf that branch rejects every page sent without content (every list of pages, GitBook's
   * included), so responses are checked with `Empty` read as "neither markdown nor document". Requests keep the spec's schema.
   */
  const document = structuredClone(specDocument);
  (document.components.schemas.Document as { oneOf: unknown[] }).oneOf[2] = {
    type: 'object',
    title: 'Empty',
    not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] },
  };
  /**
   * `RevisionSemanticChangePageEdited.attributes` is a oneOf of three schemas that accept the same objects (no required
   * keys, no additional-property limits), so no edited page can match exactly one: responses are checked with anyOf.
   */
  const edited = document.components.schemas.RevisionSemanticChangePageEdited as { properties: { attributes: { oneOf?: unknown[]; anyOf?: unknown[] } } };
  if (edited.properties.attributes.oneOf) edited.properties.attributes = { anyOf: edited.properties.attributes.oneOf };
  const routes = operations
    .map((op) => ({
      op,
      // A page path may hold slashes, or be empty (the first page): `.../path/` and `.../path` name it.
      regex: new RegExp(`^/v1${op.path.replace('/{pagePath}', '(?:/(.*))?').replace(/\{(\w+)\}/g, '([^/]+)')}/?$`),
      params: (op.path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  return { document, routes, compiled: new Map() };
}

const pinned = checkerFor('pinned');
// Operations only 0.202.0 has are checked against its document.
let newer: Checker | undefined;

function find(checker: Checker, method: string, pathname: string): Operation | undefined {
  const m = method.toLowerCase();
  return checker.routes.find((r) => r.op.method === m && r.regex.test(pathname))?.op;
}

export function operationFor(method: string, pathname: string): Operation | undefined {
  return find(pinned, method, pathname);
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
 * Checks one response against the spec: a declared status, the schema for that status, an empty
 * body for 204/205, and the error body (with `code` equal to the status) for every error.
 * Returns a list of problems; empty when the response conforms.
 */
export function checkResponse(method: string, url: string, status: number, text: string): string[] {
  const pathname = new URL(url).pathname;
  let checker = pinned;
  let op = find(pinned, method, pathname);
  // Operations only 0.202.0 has, and statuses only it declares (where the two conflict, 0.202.0 is followed: docs/api.md).
  if (!op || (status < 400 && !op.responses.has(String(status)))) {
    newer ??= checkerFor('newer');
    const other = find(newer, method, pathname);
    if (other && (!op || other.responses.has(String(status)))) {
      op = other;
      checker = newer;
    }
  }
  const where = `${method} ${pathname} -> ${status}`;
  if (!op && status < 400) return [`${where}: no operation in the spec`];
  if (status === 204 || status === 205) return text === '' ? [] : [`${where}: ${status} must have no body`];
  // A success the spec declares without content (applyTemplateToSpace's 201) has an empty body.
  if (op && status < 400 && op.responses.has(String(status)) && !op.responses.get(String(status))) {
    return text === '' ? [] : [`${where} (${op.operationId}): the spec declares no body for this status`];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${where}: body is not JSON: ${text.slice(0, 100)}`];
  }
  if (status >= 400) {
    const problems = validate(checker, 'error', ERROR_SCHEMA, body);
    const code = (body as { error?: { code?: number } }).error?.code;
    if (code !== status) problems.push(`error.code ${code} differs from the status ${status}`);
    return problems.map((p) => `${where} (${op?.operationId ?? 'no operation'}): ${p}`);
  }
  if (!op) return [];
  if (!op.responses.has(String(status))) return [`${where} (${op.operationId}): status not declared by the spec`];
  const schema = op.responses.get(String(status));
  if (!schema) return [`${where} (${op.operationId}): the spec declares no body for this status`];
  return validate(checker, `${op.operationId}:${status}`, refsToSpec(schema), body).map((p) => `${where} (${op.operationId}): ${p}`);
}

function validate(checker: Checker, key: string, schema: object, body: unknown): string[] {
  checker.ajv ??= createAjv(checker.document);
  let fn = checker.compiled.get(key);
  if (!fn) {
    fn = checker.ajv.compile(schema);
    checker.compiled.set(key, fn);
  }
  if (fn(body)) return [];
  return (fn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
}

export const allOperations = loadSpec('pinned').operations;
