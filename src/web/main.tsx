import '@fontsource-variable/fraunces'
import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setupI18n } from './lib/i18n.ts'
import { AppRoutes } from './router.tsx'

await setupI18n()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

createRoot(root).render(
  <StrictMode>
    <AppRoutes />
  </StrictMode>,
)
