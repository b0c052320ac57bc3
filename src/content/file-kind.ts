import { imageSize } from 'image-size';

/** The pixel size of an image file, or null when it is not an image (or not one image-size can read). */
export function imageDimensions(bytes: Uint8Array, contentType: string): { width: number; height: number } | null {
  if (!contentType.startsWith('image/')) return null;
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
