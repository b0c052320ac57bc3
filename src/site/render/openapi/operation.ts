/**
 * One operation as HTML: method and path, description, server, authorization, parameters by place, request body,
 * responses (each a disclosure, the first success open) and examples (a curl request and a response body).
 */
import type { Element, ElementContent } from 'hast';
import { el, text } from '../../../content/blocks/render.js';
import type { RenderContext } from '../context.js';
import type { MediaContent, OpenAPIDocument, Operation, Parameter } from '../../../content/openapi/document.js';
import { type Direction, exampleOf } from './example.js';
import { markdownBlock } from './markdown.js';
import { SchemaRenderer } from './schema.js';

const PLACES: Array<[Parameter['in'], string]> = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
  ['cookie', 'Cookies'],
];
const MAX_EXAMPLE_LINES = 80;

export interface OperationOptions {
  /** Show the summary as the block's title (generated pages give it a heading of their own instead). */
  title: boolean;
}

export function renderOperation(ctx: RenderContext, doc: OpenAPIDocument, op: Operation, options: OperationOptions): Element {
  const children: ElementContent[] = [];
  if (options.title) children.push(el('p', { className: ['openapi-title'] }, [text(op.summary ?? `${op.method.toUpperCase()} ${op.path}`)]));
  const signature: ElementContent[] = [
    el('span', { className: ['api-method', `method-${op.method}`] }, [text(op.method.toUpperCase())]),
    text(' '),
    el('code', { className: ['openapi-path'] }, [text(op.path)]),
  ];
  if (op.deprecated) signature.push(text(' '), el('span', { className: ['openapi-flag'] }, [text('deprecated')]));
  children.push(el('p', { className: ['api-signature', 'openapi-signature'] }, signature));
  if (op.description) children.push(markdownBlock(op.description));
  if (op.servers[0]) children.push(el('p', { className: ['openapi-server'] }, [text('Server: '), el('code', {}, [text(op.servers[0])])]));
  children.push(...authorization(doc, op));
  const request = new SchemaRenderer(doc, 'request');
  for (const [place, title] of PLACES) {
    const params = op.parameters.filter((p) => p.in === place);
    if (!params.length) continue;
    children.push(
      section(title, [
        el(
          'ul',
          { className: ['openapi-properties'] },
          params.map((p) => request.field(p.name, p.schema, p.required, p.description, p.deprecated)),
        ),
      ]),
    );
  }
  if (op.body) {
    const content = op.body.contents[0];
    const head: ElementContent[] = content ? [el('code', { className: ['openapi-media-type'] }, [text(content.mediaType)])] : [];
    if (op.body.required) head.push(text(' '), el('span', { className: ['openapi-required'] }, [text('required')]));
    children.push(
      section('Body', [
        ...(head.length ? [el('p', {}, head)] : []),
        ...(op.body.description ? [markdownBlock(op.body.description)] : []),
        ...(content?.schema ? request.render(content.schema) : []),
      ]),
    );
  }
  if (op.responses.length)
    children.push(
      section(
        'Responses',
        op.responses.map((r, i) => response(doc, r, i === firstSuccess(op))),
      ),
    );
  children.push(...examples(ctx, doc, op));
  return el('div', { className: ['api-operation', 'openapi-operation'] }, children);
}

function section(title: string, content: ElementContent[]): Element {
  return el('section', { className: ['openapi-section'] }, [el('h3', { className: ['openapi-section-title'] }, [text(title)]), ...content]);
}

function authorization(doc: OpenAPIDocument, op: Operation): ElementContent[] {
  const alternatives = op.security.filter((names) => names.length);
  if (!alternatives.length) return [];
  const schemes = doc.securitySchemes();
  const items = alternatives.map((names) =>
    el(
      'li',
      {},
      names.flatMap((name, i) => {
        const scheme = schemes.get(name);
        return [...(i ? [text(' and ')] : []), el('code', {}, [text(name)]), ...(scheme ? [text(`: ${scheme.label}`)] : [])];
      }),
    ),
  );
  return [section('Authorization', [el('ul', { className: ['openapi-security'] }, items)])];
}

const firstSuccess = (op: Operation) =>
  Math.max(
    0,
    op.responses.findIndex((r) => r.status.startsWith('2')),
  );

function response(doc: OpenAPIDocument, r: Operation['responses'][number], open: boolean): Element {
  const [first, ...rest] = (r.description ?? '').split('\n');
  const statusClass = /^[1-5]/.test(r.status) ? `status-${r.status[0]}xx` : 'status-default';
  const summary = el('summary', {}, [el('span', { className: ['tag', statusClass] }, [text(r.status)]), ...(first ? [text(` ${first}`)] : [])]);
  const body: ElementContent[] = [];
  if (rest.join('\n').trim()) body.push(markdownBlock(rest.join('\n').trim()));
  const renderer = new SchemaRenderer(doc, 'response');
  if (r.headers.length)
    body.push(
      el('p', { className: ['openapi-subtitle'] }, [text('Headers')]),
      el(
        'ul',
        { className: ['openapi-properties'] },
        r.headers.map((h) => renderer.field(h.name, h.schema, h.required, h.description)),
      ),
    );
  const content = r.contents[0];
  if (content) {
    body.push(el('p', {}, [el('code', { className: ['openapi-media-type'] }, [text(content.mediaType)])]));
    if (content.schema) body.push(...renderer.render(content.schema));
  }
  // The first success shows as it is; the other responses are disclosures (the sanitiser drops `open`).
  if (open)
    return el('div', { className: ['openapi-response', 'openapi-response-open'] }, [
      el('p', { className: ['openapi-response-status'] }, summary.children),
      ...body,
    ]);
  return el('details', { className: ['openapi-response'] }, [summary, ...body]);
}

/** A curl request, and the body of the first success response that has one. */
function examples(ctx: RenderContext, doc: OpenAPIDocument, op: Operation): ElementContent[] {
  const out: ElementContent[] = [];
  const curl = curlOf(doc, op);
  out.push(codeBlock(ctx, 'Request', curl, 'bash'));
  const success = op.responses.find((r) => r.status.startsWith('2') && r.contents.length) ?? op.responses.find((r) => r.contents.length);
  const content = success?.contents[0];
  const example = content ? exampleFor(doc, content, 'response') : undefined;
  // Response bodies are shown plain: highlighting hundreds of them was most of the time a large reference took.
  if (success && example !== undefined) out.push(codeBlock(ctx, `Response ${success.status}`, formatted(example, content!.mediaType), null));
  return [el('div', { className: ['openapi-examples'] }, out)];
}

function exampleFor(doc: OpenAPIDocument, content: MediaContent, direction: Direction): unknown {
  return content.example !== undefined ? content.example : exampleOf(doc, content.schema, direction);
}

function curlOf(doc: OpenAPIDocument, op: Operation): string {
  const server = (op.servers[0] ?? '').replace(/\/$/, '');
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(p.example ?? exampleOf(doc, p.schema, 'request') ?? ''))}`);
  const url = `${server}${op.path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl -X ${op.method.toUpperCase()} ${quote(url)}`];
  const schemes = doc.securitySchemes();
  for (const name of op.security.find((names) => names.length) ?? []) {
    const label = schemes.get(name)?.label ?? '';
    if (label.startsWith('Bearer')) lines.push(`-H ${quote('Authorization: Bearer <token>')}`);
    else if (label.startsWith('API key in the header')) lines.push(`-H ${quote(`${label.replace('API key in the header ', '')}: <api key>`)}`);
  }
  for (const p of op.parameters.filter((x) => x.in === 'header' && x.required)) lines.push(`-H ${quote(`${p.name}: <${p.name}>`)}`);
  const content = op.body?.contents[0];
  if (content) {
    lines.push(`-H ${quote(`Content-Type: ${content.mediaType}`)}`);
    const example = exampleFor(doc, content, 'request');
    if (example !== undefined) {
      if (content.mediaType.includes('json')) lines.push(`-d ${quote(JSON.stringify(example, null, 2))}`);
      else if (example && typeof example === 'object')
        for (const [key, value] of Object.entries(example))
          lines.push(`--data-urlencode ${quote(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)}`);
    }
  }
  return lines.join(' \\\n  ');
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

function formatted(example: unknown, mediaType: string): string {
  const textValue = typeof example === 'string' && !mediaType.includes('json') ? example : (JSON.stringify(example, null, 2) ?? String(example));
  const lines = textValue.split('\n');
  return lines.length > MAX_EXAMPLE_LINES ? [...lines.slice(0, MAX_EXAMPLE_LINES), '…'].join('\n') : textValue;
}

function codeBlock(ctx: RenderContext, title: string, code: string, lang: string | null): Element {
  return el('figure', { className: ['code-block', 'openapi-example'] }, [
    el('figcaption', { className: ['code-title'] }, [text(title)]),
    el('pre', { dataHl: ctx.code(code, lang), dataLang: lang ?? 'text' }),
  ]);
}
