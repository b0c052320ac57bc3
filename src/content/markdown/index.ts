export { parseMarkdown } from './parse.js';
export { readMarkdown } from './read/index.js';
export { markdownOf } from './stringify.js';
export { writeBack, type Original } from './write-back.js';
export { sameContent } from './same-content.js';
export { gitbookSyntax } from './syntax.js';
export { inlineElements } from './inline-html.js';
