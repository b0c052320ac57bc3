/** Every GitBook-specific mdast node type, as one union, and a guard. */
import type { Nodes } from 'mdast';
import type {
  ApiMethod,
  Button,
  Cards,
  CodeBlock,
  Column,
  Columns,
  Conditional,
  ContentRef,
  Embed,
  Emoji,
  Expandable,
  Expression,
  Figure,
  FileBlock,
  Hint,
  Icon,
  Include,
  LiquidTag,
  Mark,
  OpenAPI,
  OpenAPIOperation,
  OpenAPISchemas,
  PageRef,
  Prompt,
  Step,
  Stepper,
  Swagger,
  SwaggerDescription,
  SwaggerParameter,
  SwaggerResponse,
  Tab,
  Tabs,
  Update,
  Updates,
} from './blocks/index.js';

export type * from './blocks/index.js';
export { parseCards } from './blocks/index.js';

export type GitBookNode =
  | Hint
  | Tabs
  | Tab
  | CodeBlock
  | Embed
  | ContentRef
  | PageRef
  | FileBlock
  | OpenAPIOperation
  | OpenAPI
  | OpenAPISchemas
  | Swagger
  | SwaggerDescription
  | SwaggerParameter
  | SwaggerResponse
  | ApiMethod
  | Stepper
  | Step
  | Columns
  | Column
  | Updates
  | Update
  | Conditional
  | Prompt
  | Include
  | Expandable
  | Figure
  | Cards
  | Button
  | Icon
  | Expression
  | Mark
  | Emoji
  | LiquidTag;

export const GITBOOK_NODE_TYPES: ReadonlySet<GitBookNode['type']> = new Set<GitBookNode['type']>([
  'hint',
  'tabs',
  'tab',
  'codeBlock',
  'embed',
  'contentRef',
  'pageRef',
  'file',
  'openapiOperation',
  'openapi',
  'openapiSchemas',
  'swagger',
  'swaggerDescription',
  'swaggerParameter',
  'swaggerResponse',
  'apiMethod',
  'stepper',
  'step',
  'columns',
  'column',
  'updates',
  'update',
  'conditional',
  'prompt',
  'include',
  'expandable',
  'figure',
  'cards',
  'button',
  'icon',
  'expression',
  'mark',
  'emoji',
  'liquidTag',
]);

export function isGitBookNode(node: Nodes | { type: string }): node is GitBookNode {
  return GITBOOK_NODE_TYPES.has(node.type as GitBookNode['type']);
}
