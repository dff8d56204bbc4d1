import type { Sharp, SharpOptions } from 'sharp'

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'])

export interface ProcessedImage {
  bytes: Buffer
  contentType: 'image/webp'
  width: number
  height: number
}

/**
 * Reads an uploaded image by its content (never trusting the file name or declared type),
 * turns it upright, crops and resizes it, and re-encodes it as WebP. Returns null for anything
 * that is not an image we accept.
 */
export async function processImage(
  input: Buffer,
  size: { width: number; height: number },
): Promise<ProcessedImage | null> {
  const sharp = await loadSharp()
  try {
    const metadata = await sharp(input).metadata()
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return null
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height }
  } catch {
    return null
  }
}

let sharpModule: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined

/**
 * sharp and libvips are loaded at the first upload, not at start: most processes never resize an
 * image, and the library holds 13 MB once loaded (decision 0035). Its cache of recent operations
 * (50 MB by default) is off, and one thread works on an image: uploads are rare and small here.
 */
function loadSharp() {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return sharpModule
}
