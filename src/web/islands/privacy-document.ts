import { text } from './texts.ts'

/**
 * The privacy policy's document in its frame, without the app (decision 102), as
 * routes/privacy-policy.tsx embeds it once hydrated: after the page's first paint, so that a slow
 * connection carries the text first. Where the browser has no PDF viewer, the frame offers the
 * download.
 */
export function privacyDocument(): void {
  const frame = document.querySelector<HTMLElement>('[data-policy-frame]')
  const url = frame?.dataset.policyFrame
  if (!frame || !url) return
  const document_ = document.createElement('object')
  document_.data = `${url}#toolbar=0`
  document_.type = 'application/pdf'
  document_.title = text('privacy:frameTitle')
  document_.className = 'size-full'
  const fallback = document.createElement('div')
  fallback.className = 'grid h-full place-items-center p-8 text-center'
  const line = document.createElement('p')
  line.className = 'max-w-sm text-ink-soft'
  const download = document.createElement('a')
  download.href = url
  download.download = ''
  download.className = 'font-semibold text-rose-deep underline underline-offset-4'
  download.textContent = text('privacy:download')
  line.append(`${text('privacy:fallback')} `, download)
  fallback.append(line)
  document_.append(fallback)
  frame.replaceChildren(document_)
}
