// Reads what a screenshot shows: a PNG decoder for Chromium's screenshots (8-bit RGB or RGBA, not interlaced).
import { inflateSync } from 'node:zlib';

export type Rgb = [number, number, number];

export interface Image {
  width: number;
  height: number;
  channels: 3 | 4;
  /** Rows top to bottom, `channels` bytes a pixel. */
  data: Uint8Array;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

export function decodePng(bytes: Buffer): Image {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels: 3 | 4 | undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = colour === 2 ? 3 : colour === 6 ? 4 : undefined;
      if (depth !== 8 || !channels || interlace) throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colour}, interlace ${interlace}`);
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!channels) throw new Error('PNG without IHDR');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = y * (stride + 1) + 1;
    const out = y * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? data[out + i - channels]! : 0;
      const up = y > 0 ? data[out - stride + i]! : 0;
      const upLeft = i >= channels && y > 0 ? data[out - stride + i - channels]! : 0;
      data[out + i] = (raw[row + i]! + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  return { width, height, channels, data };
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      throw new Error(`PNG row filter ${filter}`);
  }
}

/** The pixels of `box`, clipped to the image. */
function* pixels(image: Image, box: Box = { x: 0, y: 0, width: image.width, height: image.height }): Generator<Rgb> {
  const [x0, y0] = [Math.max(0, Math.floor(box.x)), Math.max(0, Math.floor(box.y))];
  const [x1, y1] = [Math.min(image.width, Math.ceil(box.x + box.width)), Math.min(image.height, Math.ceil(box.y + box.height))];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const at = (y * image.width + x) * image.channels;
      yield [image.data[at]!, image.data[at + 1]!, image.data[at + 2]!];
    }
  }
}

/** The colour most pixels of the region have. */
export function dominant(image: Image, box?: Box): Rgb {
  const counts = new Map<number, number>();
  for (const [r, g, b] of pixels(image, box)) {
    const key = (r << 16) | (g << 8) | b;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let [top, most] = [-1, 0];
  for (const [key, count] of counts) if (count > most) [top, most] = [key, count];
  if (top < 0) throw new Error('an empty region');
  return [top >> 16, (top >> 8) & 0xff, top & 0xff];
}

/** How many pixels of the region are within `tolerance` (per channel) of `colour`. */
export function countNear(image: Image, box: Box, colour: Rgb, tolerance: number): number {
  let count = 0;
  for (const pixel of pixels(image, box)) if (pixel.every((v, i) => Math.abs(v - colour[i]!) <= tolerance)) count++;
  return count;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const luminance = (c: Rgb) => {
    const [r, g, b] = c.map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
