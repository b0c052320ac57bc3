// Examples made from schemas (openapi-sampler), and the bounds that keep a hostile spec from making a huge one.
import { describe, expect, it } from 'vitest';
import { OpenAPIDocument } from '../../src/content/openapi/document.js';
import { exampleOf } from '../../src/site/render/openapi/example.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const docOf = (schemas: Record<string, unknown>) =>
  new OpenAPIDocument({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, components: { schemas } });

describe('exampleOf', () => {
  it('samples the schema: examples first, read-only left out of requests and write-only out of responses', () => {
    const doc = docOf({
      Pet: {
        type: 'object',
        properties: {
          name: { type: 'string', example: 'Rex' },
          id: { type: 'integer', readOnly: true },
          secret: { type: 'string', writeOnly: true },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    expect(exampleOf(doc, ref('Pet'), 'response')).toEqual({ name: 'Rex', id: 0, tags: ['string'] });
    expect(exampleOf(doc, ref('Pet'), 'request')).toEqual({ name: 'Rex', secret: 'string', tags: ['string'] });
    expect(exampleOf(doc, {}, 'response')).toBeUndefined();
    expect(exampleOf(doc, ref('Missing'), 'response')).toBeUndefined();
  });

  it('stops at recursion and depth, and leaves out what a $ref leading nowhere stands for', () => {
    const doc = docOf({
      Node: {
        type: 'object',
        properties: { child: ref('Node'), children: { type: 'array', items: ref('Node') }, other: ref('Missing'), v: { type: 'boolean' } },
      },
    });
    expect(exampleOf(doc, ref('Node'), 'response')).toEqual({ child: {}, children: [{}], v: true });
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'object', properties: { x: deep } };
    expect(JSON.stringify(exampleOf(doc, deep, 'response'))).toBe('{"x":{"x":{"x":{"x":{"x":{}}}}}}');
  });

  it('keeps the example small whatever the schema asks for, and gives up on one too large to make', () => {
    const doc = docOf({});
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: 'integer' }])) };
    expect(Object.keys(exampleOf(doc, wide, 'response') as object)).toHaveLength(40);
    const huge = exampleOf(doc, { type: 'array', minItems: 1e9, items: { type: 'string', minLength: 1e9 } }, 'response') as string[];
    expect(huge.length).toBeLessThanOrEqual(3);
    expect(huge[0]!.length).toBeLessThanOrEqual(100);
    // Properties named like the keywords that hold values are schemas all the same, bounded like any other.
    const named = exampleOf(
      doc,
      {
        type: 'object',
        properties: { default: { type: 'array', minItems: 200_000, items: { type: 'integer' } }, example: { $ref: '#/nowhere' }, minItems: { type: 'string' } },
      },
      'response',
    ) as { default: unknown[]; minItems: string };
    expect(named.default.length).toBeLessThanOrEqual(3);
    expect(typeof named.minItems).toBe('string');
    // Eight levels of 40 properties, each a $ref to the next level: 40^5 values at the depth shown.
    const levels: Record<string, unknown> = { L8: { type: 'string' } };
    for (let level = 0; level < 8; level++)
      levels[`L${level}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, ref(`L${level + 1}`)])) };
    const started = performance.now();
    expect(exampleOf(docOf(levels), ref('L0'), 'response')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
