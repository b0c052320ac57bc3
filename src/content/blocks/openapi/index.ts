/** `{% openapi-operation %}`, `{% openapi src %}`, `{% openapi-schemas %}`, and legacy `{% swagger %}`/`{% api-method %}`. */
import type { Block } from '../block.js';
import { openapiOperation, openapiSchemas, openapiSrc } from './document.js';
import * as render from './render.js';
import { swagger } from './swagger.js';
import { openapi as syntax } from './syntax.js';

export const openapi: Block = {
  syntax: () => ({ modules: [syntax, swagger] }),
  document: () => [openapiOperation, openapiSrc, openapiSchemas],
  render: () => ({ ...render, apiMethod: render.swagger }),
};
