import { createFrameReader, type FrameReader } from './frame-reader.ts'
import { createRepeatFilter } from './repeat-filter.ts'

/** One frame read every 220 ms at most: about 4.5 a second, a light load for an old phone. */
export const SCAN_INTERVAL_MS = 220

export type CameraState = 'starting' | 'scanning' | 'denied' | 'noCamera' | 'unavailable'

/** getUserMedia's failure, in the words the host needs. */
function failureOf(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera'
  // NotReadableError (another app holds the camera), AbortError and the like.
  return 'unavailable'
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop()
}

/**
 * Opens the rear camera into `video` and reads QR codes from it until stopped, reporting each
 * code once (createRepeatFilter). `stop` releases the camera, whatever the session has got to.
 */
export function startCameraScan(
  video: HTMLVideoElement,
  { onState, onCode }: { onState: (state: CameraState) => void; onCode: (text: string) => void },
): { stop: () => void } {
  let stopped = false
  let stream: MediaStream | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const isNew = createRepeatFilter()

  async function run() {
    // The decoder loads while the browser asks for the camera.
    const reader = createFrameReader()
    reader.catch(() => {})
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      })
    } catch (error) {
      if (!stopped) onState(failureOf(error))
      return
    }
    if (stopped) return stopTracks(stream)
    stream.getVideoTracks()[0]?.addEventListener('ended', () => {
      if (!stopped) onState('unavailable')
    })
    video.srcObject = stream
    const read: FrameReader | null = await reader.catch(() => null)
    if (stopped) return
    if (!read) {
      stopTracks(stream)
      return onState('unavailable')
    }
    // Muted inline video may always play; play() only rejects when stop() came first.
    await video.play().catch(() => {})
    if (stopped) return
    onState('scanning')
    const readFrame = read

    async function tick() {
      const started = performance.now()
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const text = await readFrame(video).catch(() => null)
        if (stopped) return
        if (text && isNew(text, performance.now())) onCode(text)
      }
      timer = setTimeout(tick, Math.max(0, SCAN_INTERVAL_MS - (performance.now() - started)))
    }
    await tick()
  }

  // Browsers leave mediaDevices out on pages not served over https.
  if (navigator.mediaDevices) void run()
  else
    queueMicrotask(() => {
      if (!stopped) onState('unavailable')
    })

  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      stopTracks(stream)
      video.srcObject = null
    },
  }
}
