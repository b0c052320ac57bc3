// docs/api.md's table of operations is what the route table says, and every routed operation is accounted for:
// served by a handler, or refused with a reason by src/server/unavailable.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOCS, END, renderOperations, START, withTable } from '../../scripts/write-api-docs.js';
import { operationStatuses, strayUnavailable } from '../../src/server/operation-status.js';
import { contractOperations } from '../../src/server/openapi.js';

describe('the table of operations in docs/api.md', () => {
  it('is current', () => {
    const page = readFileSync(API_DOCS, 'utf8');
    expect(page.slice(page.indexOf(START), page.indexOf(END) + END.length), 'docs/api.md is out of date: run `npm run docs:reference`').toBe(
      renderOperations(),
    );
  });

  it('lists every operation of both specs once, with the versions that have it', () => {
    const rows = renderOperations()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const contract = contractOperations();
    expect(rows).toHaveLength(contract.length);
    const onlyNewer = contract.find((c) => c.newer && !c.pinned)!;
    expect(rows.find((row) => row.startsWith(`| \`${onlyNewer.operationId}\` `))).toMatch(/\| {2}\| yes \|/);
    expect(rows.find((row) => row.startsWith('| `getSpacePDF` '))).toContain("| 501: it needs GitBook's cloud services to render PDFs |");
  });

  it('is rewritten between its markers only', () => {
    const page = `before\n${START}\nold\n${END}\nafter\n`;
    expect(withTable(page, `${START}\nnew\n${END}`)).toBe(`before\n${START}\nnew\n${END}\nafter\n`);
    expect(() => withTable('no markers', 'x')).toThrow(/markers/);
  });
});

describe('the route table', () => {
  it('names in unavailable.ts only operations of the specs that have no handler', () => {
    expect(strayUnavailable()).toEqual([]);
  });

  it('has a handler or an unavailable.ts entry (with its reason) for every operation', () => {
    const missing = operationStatuses()
      .filter((entry) => entry.status.kind === 'missing')
      .map((entry) => `${entry.operationId} (${entry.method.toUpperCase()} ${entry.path})`);
    expect(missing, 'operations that answer "not implemented yet": build them, or list them in unavailable.ts with a reason').toEqual([]);
  });
});
