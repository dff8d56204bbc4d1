import type { Dispatch, SetStateAction } from 'react'

/**
 * A form's `onChange` for each of its text fields, kept in one state object:
 * `const set = fieldSetter(setForm)`, then `onChange={set('email')}`. The value is read as the
 * event comes, not in the state updater, which runs later: by then a controlled field may have
 * been set back (the text she typed before the app took the page over, handed to it as an input
 * event, keep-typed-input.ts), and her text was lost.
 */
export function fieldSetter<T extends Record<string, string>>(
  setState: Dispatch<SetStateAction<T>>,
) {
  return (field: keyof T) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setState((current) => ({ ...current, [field]: value }))
  }
}
