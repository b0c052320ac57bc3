/** As MAX_OBJECT_BYTES of objects.ts: the walk applies deltas to commits and trees only. */
const MAX_DELTA_RESULT = 64 * 1024 * 1024;

/** A git delta applied to its base: the copy and insert instructions of a packed object that is stored as a delta. */
export function applyDelta(base: Buffer, delta: Buffer): Buffer {
  let p = 0;
  const size = () => {
    let value = 0;
    let c: number;
    let shift = 0;
    do {
      c = delta[p++]!;
      value += (c & 0x7f) * 2 ** shift;
      shift += 7;
    } while (c & 0x80);
    return value;
  };
  if (size() !== base.length) throw new Error('a delta does not fit its base');
  const length = size();
  if (length > MAX_DELTA_RESULT) throw new Error(`a delta claims a result of ${length} bytes`);
  const out = Buffer.allocUnsafe(length);
  let o = 0;
  while (p < delta.length) {
    const op = delta[p++]!;
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += delta[p++]! * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (op & (0x10 << bit)) length += delta[p++]! * 2 ** (8 * bit);
      if (length === 0) length = 0x10000;
      if (offset + length > base.length) throw new Error('a delta copies past its base');
      o += base.copy(out, o, offset, offset + length);
    } else if (op > 0) {
      o += delta.copy(out, o, p, p + op);
      p += op;
    } else throw new Error('a delta has an invalid instruction');
  }
  if (o !== out.length) throw new Error('a delta does not make the size it says');
  return out;
}
