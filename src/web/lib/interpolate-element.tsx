import { Fragment, type ReactNode } from 'react'

const SLOT = '\u0000'

/**
 * Renders a translated sentence with one element in it (a link, say), without gluing translated
 * fragments together: translate the whole sentence with the slot as the value, then place the element.
 * Lighter than react-i18next's <Trans>, which would pull an HTML parser into the landing bundle.
 */
export function interpolateElement(
  translate: (slot: string) => string,
  element: ReactNode,
): ReactNode {
  const [before = '', ...rest] = translate(SLOT).split(SLOT)
  return (
    <>
      {before}
      {rest.map((after, i) => (
        <Fragment key={i}>
          {element}
          {after}
        </Fragment>
      ))}
    </>
  )
}
