export { parseMarkdown } from './parse.js';
export { markdownOf } from './stringify.js';
