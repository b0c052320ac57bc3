/** `{% openapi-schemas %}` and the generated Models page: each named schema with its properties. */
import type { Element, ElementContent } from 'hast';
import { el, text } from '../../../content/blocks/render.js';
import type { OpenAPIDocument } from '../../../content/openapi/document.js';
import { SchemaRenderer } from './schema.js';

/** `grouped`: one list of disclosures; else each schema on its own, open. Unknown names are reported in place. */
export function renderSchemas(doc: OpenAPIDocument, names: string[], grouped: boolean): Element {
  const known = new Set(doc.schemaNames());
  const entries: ElementContent[] = names.map((name) => {
    if (!known.has(name)) return el('p', { className: ['openapi-missing'] }, [text(`No schema "${name}" in ${doc.title}`)]);
    const body = new SchemaRenderer(doc, 'response', false).render(doc.schema(name));
    const title = el('code', { className: ['openapi-model-name'] }, [text(name)]);
    return grouped
      ? el('details', { className: ['openapi-model'] }, [el('summary', {}, [title]), ...body])
      : el('div', { className: ['openapi-model'] }, [el('p', { className: ['openapi-model-title'] }, [title]), ...body]);
  });
  return el('div', { className: ['openapi-models'] }, entries);
}
