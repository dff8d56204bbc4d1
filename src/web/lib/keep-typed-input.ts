type TextInput = HTMLInputElement | HTMLTextAreaElement

const isTextInput = (target: unknown): target is TextInput =>
  (target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'file', 'submit', 'button', 'hidden'].includes(target.type)) ||
  target instanceof HTMLTextAreaElement

/** The prerendered page's fields, with what was typed into them before they were hydrated. */
const typed = new Map<TextInput, string | undefined>()

/**
 * What a visitor types into a prerendered page before the app has taken it over (on a slow
 * phone, a second or two) would be lost: React leaves the text on screen while hydrating, then
 * sets each controlled field back to its state, which is empty. main.tsx calls this before
 * hydrating: from then on the page's fields note their text (and what the browser filled in
 * before), and each field, once hydrated, hands it to React (`handOverTypedText`).
 */
export function noteTypedInput(root: HTMLElement) {
  for (const field of root.querySelectorAll('input, textarea')) {
    if (!isTextInput(field)) continue
    typed.set(field, field.value !== field.defaultValue ? field.value : undefined)
  }
  root.addEventListener(
    'input',
    (event) => {
      if (isTextInput(event.target) && typed.has(event.target))
        typed.set(event.target, event.target.value)
    },
    true,
  )
}

/**
 * Hands what was typed into `field` before hydration to React, as her typing: called once the
 * field is hydrated (its first effect), when its handlers are in place.
 */
export function handOverTypedText(field: TextInput) {
  const text = typed.get(field)
  typed.delete(field)
  if (text === undefined) return
  // React hears of a change when the value differs from the one it last saw, which it notes
  // through the element's own setter: empty that, then put her text back past it.
  field.value = ''
  const prototype = Object.getPrototypeOf(field) as TextInput
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}
