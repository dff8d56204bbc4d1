/**
 * ui/alert.tsx without React, for the islands: an outcome that is announced (errors at once with
 * role=alert, successes politely with role=status), an error marked by its icon as well as red.
 */
const SVG = 'http://www.w3.org/2000/svg'
const ALERT_LOOK = {
  error: 'bg-danger/5 text-danger ring-danger/50',
  success: 'bg-sage/15 text-sage-deep ring-sage/40',
}

/** ui/error-icon.tsx's circled "!", so that an error reads as one without its colour. */
export function errorIcon(): SVGElement {
  const icon = document.createElementNS(SVG, 'svg')
  icon.setAttribute('viewBox', '0 0 20 20')
  icon.setAttribute('aria-hidden', 'true')
  icon.setAttribute('class', 'shrink-0 mt-0.5 size-4')
  icon.innerHTML =
    '<circle cx="10" cy="10" r="9" fill="currentColor"/><path d="M10 5.5v5.5" stroke="white" stroke-width="2" stroke-linecap="round"/><circle cx="10" cy="14.5" r="1.2" fill="white"/>'
  return icon
}

/** The box ui/alert.tsx draws for `tone`, with `message` in it. */
export function alertBox(tone: 'success' | 'error', message: string): HTMLDivElement {
  const box = document.createElement('div')
  box.setAttribute('role', tone === 'error' ? 'alert' : 'status')
  box.className = `flex items-start gap-2 rounded-2xl px-4 py-3 text-sm font-medium ring-1 ${ALERT_LOOK[tone]}`
  const words = document.createElement('div')
  words.className = 'min-w-0 flex-1'
  words.textContent = message
  if (tone === 'error') box.append(errorIcon())
  box.append(words)
  return box
}
