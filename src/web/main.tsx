import '@fontsource-variable/fraunces'
import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { setupI18n } from './lib/i18n.ts'
import { useHydrated } from './lib/use-hydrated.ts'
import { noteTypedInput } from './lib/keep-typed-input.ts'
import { AppRoutes, preloadScreen } from './router.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

/**
 * The next task: taking the page over is a few steps (the code's evaluation, the texts, the
 * screen's code), each its own task, so that no one step holds the main thread for long and a
 * tap or a scroll in between is answered (on a slow phone each is 30–60 ms; together they were
 * one task of about 180 ms, Lighthouse's largest share of the sign-up page's blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// Public pages arrive prerendered (scripts/prerender.ts): they hydrate in the language the server
// chose for them, once their screen's code and texts are here, so the first render matches.
const prerendered = root.hasChildNodes()
// What she types while the app loads survives its taking the page over.
if (prerendered) noteTypedInput(root)
await nextTask()
const texts = setupI18n({ prerendered })
await nextTask()
await preloadScreen(window.location.pathname, texts)

/**
 * Marks the page once the app has taken it over (`<html data-app-ready>`): a prerendered page
 * looks finished before its buttons work, so browser tests wait for this before they act. On a
 * hydrated page that is the render after hydration (useHydrated), which enables the buttons.
 */
function AppReady({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.appReady = ''
  }, [hydrated])
  return children
}

const app = (
  <StrictMode>
    <AppReady>
      <AppRoutes />
    </AppReady>
  </StrictMode>
)
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: taps and scrolls stay answered while it runs.
// React listens from here on: the boot script stops noting clicks to repeat (boot.ts).
window.dispatchEvent(new Event('app-hydrating'))
if (prerendered) startTransition(() => void hydrateRoot(root, app))
else createRoot(root).render(app)
