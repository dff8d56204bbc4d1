import { writeFile } from 'node:fs/promises'
import type { Browser, BrowserType } from '@playwright/test'
import { qrModules } from '#web/lib/qr-modules.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

/** The fake camera's picture: VGA at 10 frames a second, 2 s long (Chromium plays it in a loop). */
export const FAKE_VIDEO = { width: 640, height: 480, fps: 10, frames: 20 }

/** Luma of the dark and light modules: a screen's black and white, not the extremes. */
const DARK = 24
const LIGHT = 240

/**
 * The luma (Y) plane of one frame: the QR code of `text`, quiet zone included, as large as fits
 * in 80 % of the frame's height, centred on white, each module a whole number of pixels.
 */
export function qrLumaFrame(
  text: string,
  width = FAKE_VIDEO.width,
  height = FAKE_VIDEO.height,
): Uint8Array {
  const modules = qrModules(text)
  const scale = Math.floor((Math.min(width, height) * 0.8) / modules.length)
  const side = scale * modules.length
  const left = Math.floor((width - side) / 2)
  const top = Math.floor((height - side) / 2)
  const luma = new Uint8Array(width * height).fill(LIGHT)
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + y * scale + dy) * width + left + x * scale
        luma.fill(DARK, start, start + scale)
      }
    }),
  )
  return luma
}

/** The same frame as RGBA pixels, shaped like the ImageData a canvas gives. */
export function qrImageFrame(text: string, width = FAKE_VIDEO.width, height = FAKE_VIDEO.height) {
  const luma = qrLumaFrame(text, width, height)
  const data = new Uint8ClampedArray(width * height * 4)
  luma.forEach((y, i) => data.set([y, y, y, 255], i * 4))
  return { data, width, height }
}

/**
 * Writes a Y4M video (YUV4MPEG2, 4:2:0) showing the QR code of `text`, for Chromium's
 * `--use-file-for-fake-video-capture`: a text header, then per frame "FRAME\n" and the raw Y, U
 * and V planes; U and V at 128 make it grey.
 */
export async function writeQrVideo(text: string, file: string): Promise<void> {
  const { width, height, fps, frames } = FAKE_VIDEO
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), qrLumaFrame(text, width, height), chroma])
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]))
}

/**
 * Chromium whose camera shows `videoFile` (from writeQrVideo), with camera prompts answered yes.
 * Close it when done. Give its contexts `permissions: ['camera']`.
 */
export function launchWithCamera(
  playwright: { chromium: BrowserType },
  videoFile: string,
): Promise<Browser> {
  return playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  })
}
