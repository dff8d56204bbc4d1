import { useEffect, useRef } from 'react'

/**
 * After a submit that found errors, focus goes to the first field marked invalid
 * (aria-invalid), so she hears that field's error and can fix it at once. Pass the errors
 * object a submit sets: a new object each time, so a second failed submit moves focus again.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(errors: object) {
  const container = useRef<T>(null)
  useEffect(() => {
    if (Object.values(errors).every((error) => !error)) return
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])
  return container
}
