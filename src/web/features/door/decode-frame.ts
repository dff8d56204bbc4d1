import { decodeQR } from 'qr/decode.js'

/** A frame's RGBA pixels: an ImageData, or anything shaped like one (tests build them in Node). */
export type Frame = Pick<ImageData, 'data' | 'width' | 'height'>

/**
 * The text of the QR code in a camera frame, or null when there is none. The decoder keeps to
 * its default budget (about one 60-fps frame of retries), made for live video: a frame it
 * misses, the next one, 220 ms later, gets another try.
 */
export function decodeFrame(frame: Frame): string | null {
  try {
    return decodeQR(frame, { format: 'RGBA' }) || null
  } catch {
    // decodeQR throws when it finds no code: for a camera, an ordinary frame.
    return null
  }
}
