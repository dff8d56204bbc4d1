import { useEffect, useId, useRef, useState } from 'react'
import { Button } from './button.tsx'

/**
 * A modal question on the native <dialog>: focus stays inside and Escape cancels. Shown while
 * mounted; the confirm button waits (spinner) until `onConfirm` is done.
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
    dialog.current?.showModal()
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
      <div className="mt-6 flex flex-wrap justify-end gap-3">
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
