import { z } from 'zod';
import { configSchema } from './schema.js';

/** The JSON Schema editors use to complete and check docs.config.yaml (schema/docs.config.schema.json). */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://quire.dev/schema/docs.config.schema.json',
    title: 'Quire docs.config.yaml',
  };
}
