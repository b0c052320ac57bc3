/** Validates documents against the spec's `JSONDocument` schema, with the project's Ajv setup. */
import type { ValidateFunction } from 'ajv';
import { loadSpec } from '../../../src/server/openapi.js';
import { createAjv, SPEC_ID } from '../../../src/server/validation.js';

let validate: ValidateFunction | undefined;

/** The schema errors of `doc`, one line each; empty when it conforms. */
export function documentErrors(doc: unknown): string[] {
  validate ??= createAjv(loadSpec().document).compile({ $ref: `${SPEC_ID}#/components/schemas/JSONDocument` });
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
