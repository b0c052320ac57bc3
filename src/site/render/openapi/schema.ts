/**
 * A schema as a list of its properties: name, type, required, description, constraints; nested objects behind a
 * disclosure. Recursive schemas stop where they repeat, and a budget keeps a huge schema's HTML bounded.
 */
import type { Element, ElementContent } from 'hast';
import { el, text } from '../../../content/blocks/render.js';
import type { Json, OpenAPIDocument } from '../../../content/openapi/document.js';
import { type Direction, mergeAllOf, typeOf } from './example.js';
import { markdownBlock } from './markdown.js';

const MAX_DEPTH = 3;
const BUDGET = 80;

export class SchemaRenderer {
  private left = BUDGET;

  constructor(
    private readonly doc: OpenAPIDocument,
    private readonly direction: Direction,
    /** False where every named schema has its own entry (the models list): a `$ref` is then shown by name only. */
    private readonly expandNamed = true,
  ) {}

  /** The whole schema: its type line, then what it holds. */
  render(schema: unknown): ElementContent[] {
    const s = this.doc.resolve(schema);
    if (!s) return [el('p', { className: ['openapi-type'] }, [text(this.label(schema))])];
    const stack = new Set<Json>([s]);
    const merged = mergeAllOf(this.doc, s);
    const out: ElementContent[] = [];
    const head = [el('span', { className: ['openapi-type'] }, [text(this.label(schema))]), ...this.flags(merged)];
    out.push(el('p', { className: ['openapi-schema-type'] }, head));
    if (typeof merged.description === 'string' && merged.description && !this.holds(merged)) out.push(markdownBlock(merged.description));
    const meta = this.meta(merged);
    if (meta.length) out.push(el('p', { className: ['openapi-meta'] }, meta));
    const inner = this.inner(merged, 0, stack);
    if (inner) out.push(inner);
    return out;
  }

  /** A schema's type as a reader names it: `string · uuid`, `Pet[]`, `object · Pet`, `string | Owner`. */
  label(schema: unknown, depth = 0): string {
    const name = this.doc.refName(schema);
    const s = this.doc.resolve(schema);
    if (!s) return name ?? 'any';
    if (depth > 4) return name ?? 'object';
    const variants = (Array.isArray(s.oneOf) && s.oneOf) || (Array.isArray(s.anyOf) && s.anyOf);
    if (variants) return name ?? variants.map((v) => this.variantTitle(v, depth + 1)).join(' | ');
    const merged = mergeAllOf(this.doc, s);
    const type = typeOf(merged);
    if (type === 'array') return `${this.doc.refName(merged.items) ?? this.label(merged.items, depth + 1)}[]`;
    const base = type ?? (Array.isArray(s.allOf) ? 'object' : 'any');
    const format = typeof merged.format === 'string' ? ` · ${merged.format}` : '';
    return name && base === 'object' ? `object · ${name}` : `${base}${format}`;
  }

  private variantTitle(variant: unknown, depth: number): string {
    const v = this.doc.resolve(variant);
    return this.doc.refName(variant) ?? (typeof v?.title === 'string' ? v.title : this.label(variant, depth));
  }

  /** Whether a schema has something to list under it: properties, item properties or alternatives. */
  private holds(s: Json): boolean {
    const merged = mergeAllOf(this.doc, s);
    if (merged.properties && Object.keys(merged.properties as Json).length) return true;
    if (Array.isArray(merged.oneOf) || Array.isArray(merged.anyOf)) return true;
    if (typeOf(merged) === 'array') {
      const items = this.doc.resolve(merged.items);
      return items ? this.holds(items) : false;
    }
    return false;
  }

  /** Properties, item properties, or the alternatives of a schema; undefined when it has none. */
  private inner(merged: Json, depth: number, stack: Set<Json>): Element | undefined {
    const variants = (Array.isArray(merged.oneOf) && merged.oneOf) || (Array.isArray(merged.anyOf) && merged.anyOf);
    if (variants) return this.variants(variants, Array.isArray(merged.oneOf) ? 'One of' : 'Any of', depth, stack);
    if (typeOf(merged) === 'array') {
      const items = this.doc.resolve(merged.items);
      if (!items || stack.has(items)) return undefined;
      stack.add(items);
      try {
        return this.inner(mergeAllOf(this.doc, items), depth, stack);
      } finally {
        stack.delete(items);
      }
    }
    const properties = merged.properties as Json | undefined;
    if (!properties || !Object.keys(properties).length) return undefined;
    const required = new Set(Array.isArray(merged.required) ? (merged.required as string[]) : []);
    const items: ElementContent[] = [];
    for (const [name, property] of Object.entries(properties)) {
      const p = this.doc.resolve(property);
      if (p && ((this.direction === 'request' && p.readOnly === true) || (this.direction === 'response' && p.writeOnly === true))) continue;
      if (this.left-- <= 0) {
        items.push(el('li', { className: ['openapi-more'] }, [text(`… ${Object.keys(properties).length - items.length} more`)]));
        break;
      }
      items.push(this.property(name, property, required.has(name), depth, stack));
    }
    return el('ul', { className: ['openapi-properties'] }, items);
  }

  private variants(variants: unknown[], label: string, depth: number, stack: Set<Json>): Element {
    return el('div', { className: ['openapi-variants'] }, [
      el('p', { className: ['openapi-variants-label'] }, [text(label)]),
      el(
        'ul',
        { className: ['openapi-properties'] },
        variants.map((variant, i) => {
          const v = this.doc.resolve(variant);
          const title = this.variantTitle(variant, 0) || `Option ${i + 1}`;
          return this.entry([el('span', { className: ['openapi-variant-title'] }, [text(title)])], variant, v, depth, stack);
        }),
      ),
    ]);
  }

  /** A parameter or header: the same entry as a property, with its own description over the schema's. */
  field(name: string, schema: unknown, required: boolean, description?: string, deprecated = false): Element {
    const head: ElementContent[] = [
      el('code', { className: ['openapi-property-name'] }, [text(name)]),
      text(' '),
      el('span', { className: ['openapi-type'] }, [text(schema ? this.label(schema) : 'string')]),
    ];
    if (required) head.push(text(' '), el('span', { className: ['openapi-required'] }, [text('required')]));
    if (deprecated) head.push(text(' '), el('span', { className: ['openapi-flag'] }, [text('deprecated')]));
    const s = this.doc.resolve(schema);
    const entry = this.entry(head, schema, s && description ? { ...s, description } : s, 0, new Set());
    if (!s && description) entry.children.push(markdownBlock(description));
    return entry;
  }

  private property(name: string, schema: unknown, required: boolean, depth: number, stack: Set<Json>): Element {
    const head: ElementContent[] = [
      el('code', { className: ['openapi-property-name'] }, [text(name)]),
      text(' '),
      el('span', { className: ['openapi-type'] }, [text(this.label(schema))]),
    ];
    if (required) head.push(text(' '), el('span', { className: ['openapi-required'] }, [text('required')]));
    return this.entry(head, schema, this.doc.resolve(schema), depth, stack);
  }

  /** One list entry: its head line, description, constraints, and what it holds behind a disclosure. */
  private entry(head: ElementContent[], schema: unknown, s: Json | undefined, depth: number, stack: Set<Json>): Element {
    const body: ElementContent[] = [];
    if (!s) return el('li', { className: ['openapi-property'] }, [el('p', { className: ['openapi-property-head'] }, head)]);
    const merged = mergeAllOf(this.doc, s);
    const line = el('p', { className: ['openapi-property-head'] }, [...head, ...this.flags(merged)]);
    if (typeof merged.description === 'string' && merged.description) body.push(markdownBlock(merged.description));
    const meta = this.meta(merged);
    if (meta.length) body.push(el('p', { className: ['openapi-meta'] }, meta));
    const items = typeOf(merged) === 'array' ? this.doc.resolve(merged.items) : undefined;
    if (stack.has(s) || (items && stack.has(items))) {
      const name = this.doc.refName(schema) ?? this.doc.refName(merged.items) ?? 'schema';
      body.push(el('p', { className: ['openapi-meta'] }, [text(`Recursive: the same ${name} as above`)]));
    } else if (depth < MAX_DEPTH && this.holds(merged) && (this.expandNamed || !this.named(schema))) {
      stack.add(s);
      const inner = this.inner(merged, depth + 1, stack);
      stack.delete(s);
      if (inner) body.push(el('details', { className: ['openapi-children'] }, [el('summary', {}, [text('Show properties')]), inner]));
    }
    return el('li', { className: ['openapi-property'] }, [line, ...body]);
  }

  /** A reference to a named schema, directly or as the items of an array. */
  private named(schema: unknown): boolean {
    if (this.doc.refName(schema)) return true;
    const s = this.doc.resolve(schema);
    return !!s && typeOf(s) === 'array' && !!this.doc.refName(s.items);
  }

  private flags(s: Json): ElementContent[] {
    const flags: string[] = [];
    if (s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'))) flags.push('nullable');
    if (s.readOnly === true) flags.push('read-only');
    if (s.writeOnly === true) flags.push('write-only');
    if (s.deprecated === true) flags.push('deprecated');
    return flags.flatMap((f) => [text(' '), el('span', { className: ['openapi-flag'] }, [text(f)])]);
  }

  /** Possible values, default, bounds, pattern and example of a schema. */
  private meta(s: Json): ElementContent[] {
    const parts: ElementContent[][] = [];
    const code = (value: unknown) => el('code', {}, [text(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))]);
    if (Array.isArray(s.enum) && s.enum.length) {
      const values = s.enum.slice(0, 30).flatMap((v, i) => (i ? [text(', '), code(v)] : [code(v)]));
      parts.push([text('Possible values: '), ...values, ...(s.enum.length > 30 ? [text(', …')] : [])]);
    }
    if (s.const !== undefined) parts.push([text('Value: '), code(s.const)]);
    if (s.default !== undefined) parts.push([text('Default: '), code(s.default)]);
    for (const [key, label] of [
      ['minimum', 'Min'],
      ['maximum', 'Max'],
      ['minLength', 'Min length'],
      ['maxLength', 'Max length'],
      ['minItems', 'Min items'],
      ['maxItems', 'Max items'],
    ] as const) {
      if (typeof s[key] === 'number') parts.push([text(`${label}: ${String(s[key])}`)]);
    }
    if (typeof s.pattern === 'string') parts.push([text('Pattern: '), code(s.pattern)]);
    const type = typeOf(s);
    if (s.example !== undefined && type !== 'object' && type !== 'array') parts.push([text('Example: '), code(s.example)]);
    return parts.flatMap((part, i) => (i ? [text(' · '), ...part] : part));
  }
}
