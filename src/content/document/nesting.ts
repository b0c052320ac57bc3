/** Which blocks each container accepts, as the 0.143.2 spec's schemas say (the tests validate the result). */

const ESSENTIALS = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];

const set = (...types: string[]): ReadonlySet<string> => new Set(types);

export const TOP_LEVEL = set(
  ...ESSENTIALS,
  'blockquote',
  'hint',
  'images',
  'file',
  'drawing',
  'embed',
  'code',
  'math',
  'expandable',
  'tabs',
  'table',
  'swagger',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'content-ref',
  'integration',
  'reusable-content',
  'stepper',
);
export const IN_HINT = set(...ESSENTIALS);
export const IN_QUOTE = set(...ESSENTIALS, 'blockquote');
export const IN_LIST_ITEM = set(...ESSENTIALS, 'code', 'hint', 'blockquote', 'math', 'table');
/** Tabs items and stepper steps share one list. */
export const IN_TAB = set(...ESSENTIALS, 'content-ref', 'code', 'embed', 'file', 'images', 'drawing', 'hint', 'blockquote', 'math', 'integration');
export const IN_EXPANDABLE = set(...ESSENTIALS, 'images', 'code', 'table', 'hint', 'blockquote', 'reusable-content');
export const IN_COLUMN = set(...ESSENTIALS, 'images', 'code', 'hint', 'content-ref', 'drawing', 'embed', 'file', 'integration', 'math', 'blockquote', 'table');
/** Table cells and captions: fragments hold paragraphs. */
export const IN_CELL = set('paragraph');
