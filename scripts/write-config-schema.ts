import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../src/config/json-schema.js';

writeFileSync(new URL('../schema/docs.config.schema.json', import.meta.url), `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
