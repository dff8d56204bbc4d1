import { useState } from 'react'
import { Button } from './button.tsx'

/**
 * Copies `text` to the clipboard. Once it has, the button says so (`copiedLabel`), and a polite
 * live region says it too: the button keeps focus, and a changed name is not announced.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
}: {
  text: string
  label: string
  copiedLabel: string
}) {
  const [copied, setCopied] = useState(false)
  return (
    <>
      {/* Not a submit button: the key's sits inside the form for the app's first code. */}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      >
        {copied ? copiedLabel : label}
      </Button>
      <span className="sr-only" role="status">
        {copied ? copiedLabel : ''}
      </span>
    </>
  )
}
