import type { JSONDocument } from '@gitbook/api';
import { LRUCache } from 'lru-cache';
import { fromDocument, toDocument } from '../../content/document/index.js';
import { markdownLimitProblem } from '../../content/limits.js';
import { markdownOf, parseMarkdown } from '../../content/markdown/index.js';
import { gitBlobOid } from '../../model/index.js';
import { invalidInput } from '../core/errors.js';

export type BodyFormat = 'markdown' | 'document';
export type CommentBody = { markdown: string } | { document: JSONDocument };
/** A body as the API accepts it: the spec's `Document` union. */
export type BodyInput = { markdown?: unknown; document?: unknown };

/** Longest comment or reply body, in characters of markdown. */
export const MAX_BODY_CHARS = 64 * 1024;
/** Longest posted document, in characters of JSON, checked before converting it. */
const MAX_DOCUMENT_CHARS = 1024 * 1024;

/**
 * Comment bodies are stored once, as markdown, with their git blob oid. A posted document is turned into
 * markdown; the document a reader asks for is derived from the markdown and cached by oid.
 */
export class CommentBodies {
  private readonly documents = new LRUCache<string, JSONDocument>({ max: 2048 });

  /** The markdown to store for a posted body; `field` names it in errors (`body`). */
  read(input: BodyInput, field = 'body'): { markdown: string; oid: string } {
    let markdown: string;
    if (typeof input.markdown === 'string') {
      markdown = input.markdown;
      if (markdown.length > MAX_BODY_CHARS) throw invalidInput(`${field}.markdown: must be at most ${MAX_BODY_CHARS} characters (got ${markdown.length})`);
      if (markdown.trim() === '') throw invalidInput(`${field}.markdown: must not be empty`);
      const problem = markdownLimitProblem(markdown);
      if (problem) throw invalidInput(`${field}.markdown: ${problem.message}`);
    } else if (input.document !== undefined) {
      markdown = this.markdownOfDocument(input.document, `${field}.document`);
    } else {
      throw invalidInput(`${field}: must hold {markdown} or {document}; an empty comment says nothing`);
    }
    return { markdown, oid: gitBlobOid(new TextEncoder().encode(markdown)) };
  }

  /** The stored body in the format asked for (markdown when none is). */
  write(markdown: string, oid: string, format: BodyFormat = 'markdown'): CommentBody {
    if (format === 'markdown') return { markdown };
    let document = this.documents.get(oid);
    if (!document) this.documents.set(oid, (document = toDocument(parseMarkdown(markdown))));
    return { document };
  }

  private markdownOfDocument(document: unknown, field: string): string {
    const size = JSON.stringify(document).length;
    if (size > MAX_DOCUMENT_CHARS) throw invalidInput(`${field}: must be at most ${MAX_DOCUMENT_CHARS} characters of JSON (got ${size})`);
    let markdown: string;
    try {
      markdown = markdownOf(fromDocument(document as JSONDocument));
    } catch (error) {
      throw invalidInput(`${field}: not a document this server can read (${(error as Error).message})`);
    }
    if (markdown.length > MAX_BODY_CHARS) throw invalidInput(`${field}: its markdown must be at most ${MAX_BODY_CHARS} characters (got ${markdown.length})`);
    if (markdown.trim() === '') throw invalidInput(`${field}: must not be empty`);
    return markdown;
  }
}
