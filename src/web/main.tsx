import '@fontsource-variable/fraunces'
import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { setupI18n } from './lib/i18n.ts'
import { noteTypedInput } from './lib/keep-typed-input.ts'
import { AppRoutes, preloadScreen } from './router.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

// Public pages arrive prerendered (scripts/prerender.ts): they hydrate in the language the server
// chose for them, once their screen's code and texts are here, so the first render matches.
const prerendered = root.hasChildNodes()
// What she types while the app loads survives its taking the page over.
if (prerendered) noteTypedInput(root)
await preloadScreen(window.location.pathname, setupI18n({ prerendered }))

/**
 * Marks the page once the app has taken it over (`<html data-app-ready>`): a prerendered page
 * looks finished before its buttons work, so browser tests wait for this before they act.
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = ''
  }, [])
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
if (prerendered) startTransition(() => void hydrateRoot(root, app))
else createRoot(root).render(app)
