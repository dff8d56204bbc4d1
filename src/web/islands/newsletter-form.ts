import { isLanguage } from '#shared/languages.ts'
import { rememberLanguage } from '../lib/remember-language.ts'
import {
  newsletterFieldErrors,
  refusedField,
  sendFailedKey,
  type NewsletterField as Field,
  type NewsletterMode as Mode,
} from '../features/newsletter/newsletter-checks.ts'
import { alertBox, errorIcon } from './alert.ts'
import { text } from './texts.ts'

/**
 * The landing page's newsletter form without the app (decision 95), as the app's form
 * (features/newsletter/components/newsletter-form.tsx) behaves for a visitor who is signed out
 * (a member's page is the app's): its checks in place, each error at its field and focus on the
 * first; the request with its busy button; the answer as a message that takes focus; the switch
 * to unsubscribing, which changes the section's heading and text. Before this runs (and without
 * JavaScript) the form posts to the server, which answers with a page (decision 73).
 */
export function newsletterForm(): void {
  const section = document.getElementById('newsletter')
  const form = section?.querySelector<HTMLFormElement>('form[method="post"]')
  const heading = document.getElementById('newsletter-heading')
  const sectionText = heading?.nextElementSibling
  if (!section || !form || !heading || !sectionText) return
  const inputs = {
    name: form.querySelector<HTMLInputElement>('input[name="name"]'),
    email: form.querySelector<HTMLInputElement>('input[name="email"]'),
  }
  const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const switchButton = form.querySelector<HTMLButtonElement>('button[type="button"][data-js-only]')
  const privacy = switchButton?.nextElementSibling
  const nameField = inputs.name?.parentElement
  const fields = nameField?.parentElement
  if (!inputs.name || !inputs.email || !submitButton || !switchButton || !nameField || !fields)
    return
  const privacyPlace = privacy?.parentElement
  let mode: Mode = 'subscribe'
  let pending = false
  let outcome: HTMLElement | null = null

  const setError = (field: Field, message: string | undefined) => {
    const input = inputs[field]
    if (!input) return
    const id = `${input.id}-error`
    document.getElementById(id)?.remove()
    if (message) {
      const error = document.createElement('p')
      error.id = id
      error.className = 'flex items-start gap-1.5 text-sm font-medium text-danger'
      const words = document.createElement('span')
      words.textContent = message
      error.append(errorIcon(), words)
      input.after(error)
      input.setAttribute('aria-invalid', 'true')
      input.setAttribute('aria-describedby', id)
    } else {
      input.removeAttribute('aria-invalid')
      input.removeAttribute('aria-describedby')
    }
  }
  const setErrors = (errors: Partial<Record<Field, string>>) => {
    setError('name', errors.name)
    setError('email', errors.email)
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }

  const showOutcome = (tone: 'success' | 'error', message: string) => {
    outcome?.remove()
    outcome = alertBox(tone, message)
    outcome.tabIndex = -1
    submitButton.before(outcome)
    // The answer takes focus where she is, and stays in sight (ui/alert.tsx).
    const shown = outcome
    shown.focus({ preventScroll: true })
    const keepInSight = () => {
      if (document.activeElement !== shown) return
      const rect = shown.getBoundingClientRect()
      if (rect.top < 0 || rect.bottom > window.innerHeight)
        shown.scrollIntoView({ block: 'nearest', behavior: 'instant' })
    }
    keepInSight()
    requestAnimationFrame(keepInSight)
  }
  const clearOutcome = () => {
    outcome?.remove()
    outcome = null
  }

  const buttonLabel = () => text(`newsletter:form.${mode}`)
  const setPending = (busy: boolean) => {
    pending = busy
    if (busy) {
      submitButton.setAttribute('aria-disabled', 'true')
      submitButton.setAttribute('aria-busy', 'true')
      const spinner = document.createElement('span')
      spinner.setAttribute('aria-hidden', 'true')
      spinner.className =
        'size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none'
      submitButton.replaceChildren(
        spinner,
        text(`newsletter:form.${mode === 'subscribe' ? 'subscribing' : 'unsubscribing'}`),
      )
    } else {
      submitButton.removeAttribute('aria-disabled')
      submitButton.removeAttribute('aria-busy')
      submitButton.replaceChildren(buttonLabel())
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (pending) return
    void send()
  })

  async function send() {
    clearOutcome()
    const name = inputs.name?.value ?? ''
    const email = inputs.email?.value ?? ''
    // Signed out (a member's page is the app's): a name is asked for whenever she subscribes.
    const keys = newsletterFieldErrors({ nameRequired: mode === 'subscribe', name, email })
    const found = {
      name: keys.name && text(`newsletter:${keys.name}`),
      email: keys.email && text(`newsletter:${keys.email}`),
    }
    setErrors(found)
    if (found.name || found.email) return

    setPending(true)
    const address = email.trim().toLowerCase()
    const sentMode = mode
    const body =
      sentMode === 'subscribe'
        ? { email: address, name: name.trim() || undefined, source: 'landing' }
        : { email: address }
    let answer: { ok: boolean; body: { code?: string; message?: string } | null }
    try {
      // In the page's language, its answer and e-mails: told to the server as the app tells it
      // when it starts (lib/i18n.ts), by the remembered choice.
      const language = document.documentElement.lang
      if (isLanguage(language)) rememberLanguage(language)
      const response = await fetch(`/api/newsletter/${sentMode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      answer = {
        ok: response.ok,
        body: (await response.json().catch(() => null)) as typeof answer.body,
      }
    } catch {
      answer = { ok: false, body: null }
    }
    setPending(false)
    // She switched the form meanwhile: this answer is no longer the form's.
    if (sentMode !== mode) return

    const code = answer.body?.code
    const message = answer.body?.message ?? ''
    if (!answer.ok) {
      const field = refusedField(code)
      if (field) setErrors({ [field]: message })
      else showOutcome('error', message || text(`newsletter:${sendFailedKey(mode)}`))
      return
    }
    showOutcome('success', message)
    if (inputs.name) inputs.name.value = ''
    if (inputs.email) inputs.email.value = ''
  }

  switchButton.addEventListener('click', () => {
    mode = mode === 'subscribe' ? 'unsubscribe' : 'subscribe'
    const leaving = mode === 'unsubscribe'
    if (inputs.name) inputs.name.value = ''
    if (inputs.email) inputs.email.value = ''
    setError('name', undefined)
    setError('email', undefined)
    clearOutcome()
    // No name when unsubscribing (SPEC section 5), nor the line about the privacy policy.
    if (leaving) nameField.remove()
    else fields.prepend(nameField)
    fields.className = leaving ? 'grid gap-5' : 'grid gap-5 sm:grid-cols-2'
    if (privacy && privacyPlace) {
      if (leaving) privacy.remove()
      else privacyPlace.append(privacy)
    }
    form.setAttribute(
      'aria-label',
      text(`newsletter:form.${leaving ? 'unsubscribeLabel' : 'label'}`),
    )
    submitButton.replaceChildren(buttonLabel())
    switchButton.textContent = text(`newsletter:form.${leaving ? 'toSubscribe' : 'toUnsubscribe'}`)
    heading.textContent = text(`landing:newsletter.${leaving ? 'leaveHeading' : 'heading'}`)
    sectionText.textContent = text(`landing:newsletter.${leaving ? 'leaveText' : 'text'}`)
    // The section's new heading into view, the field just below it taking focus.
    heading.parentElement?.scrollIntoView({ block: 'nearest' })
    form.querySelector('input')?.focus({ preventScroll: true })
  })
}
