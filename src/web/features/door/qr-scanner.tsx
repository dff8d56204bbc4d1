import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { useTranslation } from '../../lib/use-translation.ts'
import { startCameraScan, type CameraState } from './camera-scan.ts'

const failures = ['denied', 'noCamera', 'unavailable'] as const
type Failure = (typeof failures)[number]
const isFailure = (state: CameraState): state is Failure =>
  (failures as readonly string[]).includes(state)

/**
 * The door's camera: a toggle that opens the rear camera and reports each QR code it reads through
 * `onCode` (the same code once, then not again until it has been out of sight for 3 s). The camera
 * is released when the toggle goes off and when the scanner unmounts. While the picture shows,
 * `overlay` (the answer to the last scan) lies over its lower edge: an answer never moves the
 * viewfinder she is aiming with; `onShowing` says when the picture is there to take it.
 */
export function QrScanner({
  onCode,
  overlay = null,
  onShowing,
}: {
  onCode: (text: string) => void
  overlay?: ReactNode
  onShowing?: (showing: boolean) => void
}) {
  const { t } = useTranslation('events')
  const [on, setOn] = useState(false)
  const [state, setState] = useState<CameraState>('starting')
  // Bumped by "Try again": the effect runs anew and asks for the camera again.
  const [attempt, setAttempt] = useState(0)
  const videoRef = useRef<HTMLVideoElement>(null)
  const onCodeRef = useRef(onCode)
  useEffect(() => {
    onCodeRef.current = onCode
  })

  useEffect(() => {
    const video = videoRef.current
    if (!on || !video) return
    const scan = startCameraScan(video, {
      onState: setState,
      onCode: (text) => onCodeRef.current(text),
    })
    return () => scan.stop()
  }, [on, attempt])

  const failed = on && isFailure(state)
  const showing = on && !failed
  useEffect(() => {
    onShowing?.(showing)
  }, [showing, onShowing])
  return (
    <div className="flex flex-col gap-4">
      <Button
        type="button"
        variant={on ? 'solid' : 'secondary'}
        aria-pressed={on}
        className="self-start"
        onClick={() => {
          setState('starting')
          setOn(!on)
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
          <path
            d="M4 8.5A1.5 1.5 0 0 1 5.5 7h2l1.5-2h6l1.5 2h2A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="13" r="3.25" fill="none" stroke="currentColor" strokeWidth="1.75" />
        </svg>
        {t('scanner.toggle')}
      </Button>
      {on && (
        <div
          className={`relative aspect-square w-full max-w-xl overflow-hidden rounded-3xl bg-ink sm:aspect-video ${failed ? 'hidden' : ''}`}
        >
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t('scanner.videoLabel')}
            className="size-full object-cover"
          />
          {/* The frame to aim with: the middle of the picture, where a held-up code belongs. */}
          <div
            aria-hidden="true"
            className={`pointer-events-none absolute top-1/2 left-1/2 aspect-square h-[72%] -translate-x-1/2 -translate-y-1/2 rounded-3xl shadow-[0_0_0_100vmax_rgb(42_31_45/0.35)] ring-[3px] ring-cream transition-opacity motion-reduce:transition-none ${state === 'scanning' ? 'opacity-100' : 'opacity-0'}`}
          />
          {showing && overlay && (
            <div className="absolute inset-x-2 bottom-2 sm:inset-x-3 sm:bottom-3">{overlay}</div>
          )}
        </div>
      )}
      {on && !failed && (
        <p role="status" className="text-sm text-ink-soft">
          {state === 'scanning' ? t('scanner.hint') : t('scanner.starting')}
        </p>
      )}
      {failed && (
        <div className="flex max-w-xl flex-col items-start gap-3">
          <Alert tone="error">{t(`scanner.${state}`)}</Alert>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setState('starting')
              setAttempt(attempt + 1)
            }}
          >
            {t('scanner.tryAgain')}
          </Button>
        </div>
      )}
    </div>
  )
}
