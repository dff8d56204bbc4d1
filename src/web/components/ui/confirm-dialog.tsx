import { useEffect, useId, useRef, useState } from 'react'
import { Button } from './button.tsx'

/**
 * A modal question on the native <dialog>: focus stays inside and Escape cancels. Shown while
 * mounted; the confirm button waits (spinner) until `onConfirm` is done. When it goes, focus goes
 * back to the control that opened it, if that is still on the page and nothing else took focus.
 */
export function ConfirmDialog(props: {
  text: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => Promise<void>
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const textId = useId()
  const [pending, setPending] = useState(false)
  useEffect(() => {
    const opener = document.activeElement
    dialog.current?.showModal()
    return () => {
      // An open dialog taken off the page drops focus on <body>.
      const lost = document.activeElement === null || document.activeElement === document.body
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])
  return (
    <dialog
      ref={dialog}
      onCancel={props.onCancel}
      aria-labelledby={textId}
      className="m-auto w-[min(28rem,calc(100%-2.5rem))] rounded-3xl bg-white p-7 shadow-2xl backdrop:bg-ink/40"
    >
      <p id={textId} className="text-lg">
        {props.text}
      </p>
      {/* On a phone, one button a line, the answer on top; side by side from a tablet up. */}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="secondary" onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        <Button
          variant="solid"
          pending={pending}
          onClick={async () => {
            setPending(true)
            await props.onConfirm()
          }}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
