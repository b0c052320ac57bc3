export { parseMarkdown } from './parse.js';
export { readMarkdown } from './read/index.js';
export { markdownOf } from './stringify.js';
