/** The part of the Barcode Detection API we use; TypeScript's DOM types do not have it yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike
  getSupportedFormats(): Promise<string[]>
}

/** Frames are scaled down to this on their long side: enough for a code held up at arm's length. */
const MAX_FRAME_SIDE = 640

/** Reads the QR code in the video's current frame: its text, or null. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>

/**
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on Android and macOS, Safari),
 * else jsQR on a canvas copy of the frame. jsQR is loaded only then, so it costs nothing where the
 * browser can do it (docs/decisions/0028-qr-codes-at-the-door.md).
 */
export async function createFrameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  const formats = await Detector?.getSupportedFormats().catch((): string[] => [])
  if (Detector && formats?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] })
    return async (video) => (await detector.detect(video))[0]?.rawValue || null
  }

  const { decodeFrame } = await import('./decode-frame.ts')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d canvas')
  return async (video) => {
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight))
    const width = Math.round(video.videoWidth * scale)
    const height = Math.round(video.videoHeight * scale)
    if (width === 0 || height === 0) return null
    canvas.width = width
    canvas.height = height
    context.drawImage(video, 0, 0, width, height)
    return decodeFrame(context.getImageData(0, 0, width, height))
  }
}
