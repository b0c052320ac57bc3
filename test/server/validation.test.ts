// One field of a request judged on its own against the version of the contract that defines it: how the server checks
// a field only the newer contract has, in a request the older one accepted, and reads a query parameter as the newer
// contract types it (see `validate` in app.ts).
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/server/openapi.js';
import { describeErrors, lazyAjv, OperationValidator } from '../../src/server/validation.js';

function validatorOf(operationId: string): OperationValidator {
  const { document, operations } = loadSpec('newer');
  const operation = operations.find((o) => o.operationId === operationId)!;
  return new OperationValidator(operation, lazyAjv(document, { coerceTypes: 'array', useDefaults: true }), lazyAjv(document, { useDefaults: true }), document);
}

/** The errors of a refused value. */
function errorsOf(judged: ReturnType<OperationValidator['judge']>) {
  if (!('errors' in judged)) throw new Error(`expected a refusal, got ${JSON.stringify(judged)}`);
  return judged.errors;
}

describe('OperationValidator.judge', () => {
  it('judges a top-level body property alone, naming it', () => {
    const create = validatorOf('createSiteMcpServer');
    expect(create.declares('body', 'transport')).toBe(true);
    expect(loadSpec('pinned').operations.some((o) => o.operationId === 'createSiteMcpServer')).toBe(true);
    expect(create.judge('body', 'transport', 'http')).toEqual({ value: 'http' });
    expect(describeErrors('body', errorsOf(create.judge('body', 'transport', 'websocket')))).toBe('transport: must be one of "sse", "http"');
    expect(describeErrors('body', errorsOf(create.judge('body', 'headers', { 'x-key': 5 })))).toBe('headers.x-key: must be string');
  });

  it('judges a query parameter alone, and hands it on coerced as the query is', () => {
    const list = validatorOf('listSpacesInOrganizationById');
    expect(list.judge('query', 'limit', '10')).toEqual({ value: 10 });
    expect(describeErrors('query', errorsOf(list.judge('query', 'limit', 'many')))).toBe('limit: must be number');
    const redirects = validatorOf('listSiteRedirects');
    expect(redirects.judge('query', 'draft', 'true')).toEqual({ value: true });
    expect(redirects.judge('query', 'draft', 'false')).toEqual({ value: false });
    expect(describeErrors('query', errorsOf(redirects.judge('query', 'draft', 'maybe')))).toBe('draft: must be boolean');
    // A boolean or a word: Ajv tries the word first, so that the boolean it reads as stays one.
    const page = validatorOf('getPageById');
    expect(page.judge('query', 'dereferenced', 'true')).toEqual({ value: true });
    expect(page.judge('query', 'dereferenced', 'reusable-contents')).toEqual({ value: 'reusable-contents' });
  });

  it('leaves the value it judged as it was: no default of the schema is written into the request', () => {
    const create = validatorOf('createSiteMcpServer');
    const headers = { 'x-key': 'value' };
    expect(create.judge('body', 'headers', headers)).toEqual({ value: headers });
    expect(headers).toEqual({ 'x-key': 'value' });
  });
});
