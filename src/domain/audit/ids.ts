import { randomBytes } from 'node:crypto';

let last = { ms: 0, seq: 0 };

/**
 * A version 7 UUID for the time `ms`: its leading bits are the time, then a counter, so the ids one process makes sort
 * in the order it made them (within a millisecond, and when the clock steps back).
 */
export function timeOrderedUuid(ms: number): string {
  if (ms > last.ms) last = { ms, seq: 0 };
  else if (last.seq < 0xfff) last = { ms: last.ms, seq: last.seq + 1 };
  else last = { ms: last.ms + 1, seq: 0 };
  const bytes = randomBytes(16);
  bytes.writeUIntBE(last.ms, 0, 6);
  bytes[6] = 0x70 | (last.seq >> 8);
  bytes[7] = last.seq & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
