// ApplySpaceTemplate (`{id, params?: {contentRefs?: {<slot>: ContentRef}}}`) as the API sends it, checked field by field:
// createSpace's `template` reaches the domain unchecked (its schema accepts any object), applyTemplateToSpace's checked.
import { invalidInput } from '../core/errors.js';

export interface TemplateRequest {
  id: string;
  /** Slot name -> file id. */
  files: Map<string, string>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `prefix` is where the request sits in the body: '' for applyTemplateToSpace, 'template.' for createSpace. */
export function readTemplateRequest(body: unknown, prefix: string): TemplateRequest {
  const at = (field: string) => `${prefix}${field}`;
  if (!isObject(body)) throw invalidInput(`${prefix.slice(0, -1) || 'body'}: expected an object {id, params?}`);
  if (typeof body.id !== 'string' || body.id.trim() === '') throw invalidInput(`${at('id')}: a template id is required`);
  const params = body.params;
  if (params !== undefined && !isObject(params)) throw invalidInput(`${at('params')}: expected an object {contentRefs?}`);
  const refs = params?.contentRefs;
  if (refs !== undefined && !isObject(refs)) throw invalidInput(`${at('params.contentRefs')}: expected an object of content references by name`);
  const files = new Map<string, string>();
  for (const [name, ref] of Object.entries(refs ?? {})) {
    const field = at(`params.contentRefs.${name}`);
    if (!isObject(ref)) throw invalidInput(`${field}: expected a content reference {kind: "file", file}`);
    if (ref.kind !== 'file')
      throw invalidInput(`${field}.kind: template slots take files ({kind: "file", file: <file id>}), not ${JSON.stringify(ref.kind ?? null)}`);
    if (typeof ref.file !== 'string' || ref.file === '') throw invalidInput(`${field}.file: a file id is required`);
    files.set(name, ref.file);
  }
  return { id: body.id, files };
}
