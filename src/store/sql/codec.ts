/** How a field is stored when not as it is (see table.ts). */
import type { DefaultLevel } from '../../model/index.js';

export interface Codec<T = unknown> {
  read(value: unknown): T;
  /** `column.nullable`: whether the column takes NULL. */
  write(value: T, column: { nullable: boolean }): unknown;
}

/** JSON text; null is NULL where the column takes it, else the text `null`. */
export const asJson: Codec<never> = {
  read: (value) => (value === null || value === undefined ? null : JSON.parse(String(value))) as never,
  write: (value, column) => (value !== null && value !== undefined ? JSON.stringify(value) : column.nullable ? null : 'null'),
};

/** A boolean as 0 or 1. */
export const asFlag: Codec<boolean> = {
  read: (value) => value === 1 || value === true,
  write: (value) => (value ? 1 : 0),
};

/** A default level; null is stored as 'none' so that NULL never means two things. */
export const asLevel: Codec<DefaultLevel> = {
  read: (value) => (value === 'none' || value === null ? null : (value as DefaultLevel)),
  write: (level) => level ?? 'none',
};
