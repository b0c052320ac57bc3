/** Destinations <-> GitBook references, through the caller's resolvers when given. */
import type { ContentRef, DocumentOptions, RefUsage } from './types.js';

export function toRef(url: string, usage: RefUsage, options: DocumentOptions): ContentRef {
  const resolved = options.resolveRef?.(url, usage);
  if (resolved) return resolved;
  return { kind: 'url', url };
}

export function fromRef(ref: ContentRef, usage: RefUsage, options: DocumentOptions): string {
  const custom = options.refToUrl?.(ref, usage);
  if (custom !== undefined) return custom;
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'anchor':
      return `#${ref.anchor}`;
    case 'file':
      return ref.file;
    case 'page':
      return ref.page;
    case 'reusable-content':
      return ref.reusableContent;
    default:
      return '';
  }
}

/** Images and files accept only url and file references. */
export function isMediaRef(ref: ContentRef): ref is Extract<ContentRef, { kind: 'url' | 'file' }> {
  return ref.kind === 'url' || ref.kind === 'file';
}
