// One field of a request judged on its own against the version of the contract that defines it: how the server checks
// a field only the newer contract has, in a body the older one accepted (see `validate` in app.ts).
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/server/openapi.js';
import { describeErrors, lazyAjv, OperationValidator } from '../../src/server/validation.js';

function validatorOf(operationId: string): OperationValidator {
  const { document, operations } = loadSpec('newer');
  const operation = operations.find((o) => o.operationId === operationId)!;
  return new OperationValidator(operation, lazyAjv(document, { coerceTypes: 'array', useDefaults: true }), lazyAjv(document, { useDefaults: true }), document);
}

describe('OperationValidator.errorsOf', () => {
  it('judges a top-level body property alone, naming it', () => {
    const create = validatorOf('createSiteMcpServer');
    expect(create.declares('body', 'transport')).toBe(true);
    expect(loadSpec('pinned').operations.some((o) => o.operationId === 'createSiteMcpServer')).toBe(true);
    expect(create.errorsOf('body', 'transport', 'http')).toBeNull();
    expect(describeErrors('body', create.errorsOf('body', 'transport', 'websocket'))).toBe('transport: must be one of "sse", "http"');
    expect(describeErrors('body', create.errorsOf('body', 'headers', { 'x-key': 5 }))).toBe('headers.x-key: must be string');
  });

  it('judges a query parameter alone, coerced as the query is', () => {
    const list = validatorOf('listSpacesInOrganizationById');
    expect(list.errorsOf('query', 'limit', '10')).toBeNull();
    expect(describeErrors('query', list.errorsOf('query', 'limit', 'many'))).toBe('limit: must be number');
  });

  it('leaves the value it judged as it was: no default of the schema is written into the request', () => {
    const create = validatorOf('createSiteMcpServer');
    const headers = { 'x-key': 'value' };
    expect(create.errorsOf('body', 'headers', headers)).toBeNull();
    expect(headers).toEqual({ 'x-key': 'value' });
  });
});
