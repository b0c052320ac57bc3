import type { DefaultLevel } from '../../model/index.js';

export const bool = (v: unknown): boolean => v === 1 || v === true;
export const int = (v: boolean): number => (v ? 1 : 0);
export const json = <T>(v: unknown): T => JSON.parse(String(v)) as T;
export const str = (v: unknown): string => String(v);
export const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** DefaultLevel null is stored as 'none' so that NULL never means two things. */
export const encodeLevel = (level: DefaultLevel): string => level ?? 'none';
export const decodeLevel = (v: unknown): DefaultLevel => (v === 'none' || v === null ? null : (v as DefaultLevel));
