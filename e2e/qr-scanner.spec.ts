import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { decodeFrame, type Frame } from '#web/features/door/decode-frame.ts'
import { createMember, logIn } from './support/accounts.ts'
import { launchWithCamera, writeQrVideo } from './support/fake-camera.ts'
import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { saveScreenshot } from './support/screenshot.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'her code and the door’s camera are phones')

const ev = texts('hu', 'events')

/** The decoder the door's scanner falls back on, run on a picture taken of a page. */
async function decodePng(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return decodeFrame({ data: new Uint8ClampedArray(data), width: info.width, height: info.height })
}

test('a member shows her code at the door as a QR code that scans to the code', async ({
  page,
  baseURL,
  playwright,
  checkA11y,
}, testInfo) => {
  const member = await createMember(playwright, baseURL, `Fekete Zsófi ${testInfo.project.name}`)
  await logIn(page, member.email, 'guest-secret-1')
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/events')

  const qr = page.getByRole('img', { name: ev.member.qrLabel.replace('{{code}}', member.userCode) })
  await expect(qr).toBeVisible()
  await expect(page.getByText(member.userCode, { exact: true })).toBeVisible()
  const box = await qr.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(160)
  expect(box?.width).toBeLessThanOrEqual(210)
  expect(await decodePng(await qr.screenshot())).toBe(member.userCode)
  await checkA11y()
  await saveScreenshot(page, testInfo, 'member-code-qr')
})

test('the fake camera shows the page a QR code of the given text', async ({
  baseURL,
  playwright,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'fake-camera-'))
  const videoFile = join(dir, 'member-code.y4m')
  await writeQrVideo('K7M4QX', videoFile)
  const browser = await launchWithCamera(playwright, videoFile)
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] })
    const page = await context.newPage()
    await page.goto('/privacy-policy')
    // As the door's scanner does: the rear camera into a video, a frame of it onto a canvas.
    const frame = await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
      })
      const video = document.createElement('video')
      video.muted = true
      video.playsInline = true
      video.srcObject = stream
      await video.play()
      await new Promise((resolve) => video.requestVideoFrameCallback(resolve))
      const canvas = document.createElement('canvas')
      canvas.width = video.videoWidth
      canvas.height = video.videoHeight
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no 2d canvas')
      context.drawImage(video, 0, 0)
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
      for (const track of stream.getTracks()) track.stop()
      return { data: Array.from(data), width, height }
    })
    expect(frame).toMatchObject({ width: 640, height: 480 })

    // QR-like: dark modules and light ground, both in quantity, and little in between.
    const luma = frame.data.filter((_, i) => i % 4 === 0)
    const share = (test: (y: number) => boolean) => luma.filter(test).length / luma.length
    expect(share((y) => y < 80)).toBeGreaterThan(0.1)
    expect(share((y) => y > 180)).toBeGreaterThan(0.4)
    expect(share((y) => y >= 80 && y <= 180)).toBeLessThan(0.05)
    const pixels: Frame = { ...frame, data: Uint8ClampedArray.from(frame.data) }
    expect(decodeFrame(pixels)).toBe('K7M4QX')
    await context.close()
  } finally {
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  }
})
