export { OpenAPIDocument, type Operation, type Tag } from '../../../content/openapi/document.js';
export { renderOperation } from './operation.js';
export { renderSchemas } from './models.js';
export type { LoadedSpec, OpenAPISpecSource } from './source.js';
