import type { InstallationStatus } from '../../model/index.js';
import { invalidInput } from '../core/errors.js';

/** One property of a configuration schema (`IntegrationConfigurationSchema.properties`). */
interface Property {
  type: 'string' | 'number' | 'boolean' | 'button';
  enum?: string[];
}

/** A configuration schema; an integration may instead configure itself through a ContentKit component (`componentId`). */
interface Schema {
  properties: Record<string, Property>;
  required?: string[];
}

const schemaOf = (configuration: unknown): Schema | undefined =>
  configuration && typeof configuration === 'object' && 'properties' in configuration ? (configuration as Schema) : undefined;

const missing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Checks a configuration against the integration's schema for that level (account, space or site): only declared
 * properties, each of its type. A component-configured integration accepts any object. 400 names the property.
 */
export function checkConfiguration(declared: unknown, value: Record<string, unknown>, field: string, level: string): void {
  const schema = schemaOf(declared);
  if (!schema) return;
  for (const [key, v] of Object.entries(value)) {
    const property = schema.properties[key];
    const at = `${field}.${key}`;
    if (!property) throw invalidInput(`${at}: not a property of the ${level} configuration (${Object.keys(schema.properties).join(', ') || 'none declared'})`);
    if (v === null) continue;
    if (property.type === 'button') throw invalidInput(`${at}: a button takes no value`);
    if (property.type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) throw invalidInput(`${at}: must be a number`);
    if (property.type === 'boolean' && typeof v !== 'boolean') throw invalidInput(`${at}: must be a boolean`);
    if (property.type === 'string') {
      if (typeof v !== 'string') throw invalidInput(`${at}: must be a string`);
      if (property.enum && !property.enum.includes(v)) throw invalidInput(`${at}: must be one of ${property.enum.join(', ')}`);
    }
  }
}

/** `pending` while a required property of the schema has no value, `active` otherwise. */
export function statusFor(declared: unknown, value: Record<string, unknown>): InstallationStatus {
  const schema = schemaOf(declared);
  return schema?.required?.some((key) => missing(value[key])) ? 'pending' : 'active';
}

/** Checks that a schema's `required` names only declared properties (publishing). */
export function checkSchema(declared: unknown, field: string): void {
  const schema = schemaOf(declared);
  for (const key of schema?.required ?? []) {
    if (!schema!.properties[key]) throw invalidInput(`${field}.required: "${key}" is not one of the declared properties`);
  }
}
