import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { prerenderSite } from './scripts/prerender.ts'
import { parseEnv } from './src/server/env.ts'
import { publicConfigOf } from './src/server/settings/site-values.ts'
import { renderIndexHtml } from './src/server/web/serve-app.ts'

/** In `npm run dev`, Vite serves index.html itself, so it gets the same config the server injects. */
function injectPublicConfig(): Plugin {
  return {
    name: 'inject-public-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      renderIndexHtml(html, 'hu', publicConfigOf(parseEnv(process.env))),
  }
}

/**
 * Zod compiles a fast parser with `new Function` when it may, and probes for that on first use.
 * Our content security policy allows no eval, so in the browser the probe only produces a
 * "blocked eval" violation report on every page that validates a form (Chrome lists it as an
 * issue; Lighthouse's best practices count it). The browser's copy of Zod starts jitless, which
 * skips the probe; the server keeps the fast path.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'zod-without-eval',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: /zod[\\/]v4[\\/]core[\\/]core\.js$/ },
      handler(code) {
        const start = '__zod_globalConfig = {})'
        if (!code.includes(start)) throw new Error('zod-without-eval: zod has changed its config')
        // Same line, same columns before it: the source map stays true.
        return { code: code.replace(start, '__zod_globalConfig = { jitless: true })'), map: null }
      },
    },
  }
}

// Vite's SSR build of the app, which scripts/prerender.ts renders the public pages with.
const PRERENDER_OUT_DIR = '.tmp/prerender'
const PRERENDER_ENTRY = 'src/web/entry-prerender.tsx'

/**
 * The modules of the first chunk (`app` below), as paths under src/: the small parts every
 * prerendered screen needs before it hydrates, which later screens share. Not the newsletter
 * form: only the landing page has it, and there a visitor gets the islands (decision 102).
 */
const FIRST_CHUNK_MODULES = [
  'shared/constants',
  'shared/languages',
  'shared/launch',
  'shared/people-names',
  'shared/public-config',
  'shared/site-paths',
  'web/lib/use-translation',
  'web/lib/public-config',
  'web/lib/launch-text',
  'web/lib/interpolate-element',
  'web/lib/use-document-title',
  'web/lib/session-store',
  'web/lib/use-hydrated',
  'web/lib/use-return-path',
  'web/lib/keep-typed-input',
  'web/lib/use-media-query',
  'web/lib/use-focus-first-invalid',
  'web/lib/tab-keys',
  'web/lib/validation',
  'web/lib/api-client',
  'web/lib/call-api',
  'web/lib/with-texts',
  'web/lib/preloadable-lazy',
  'web/components/ui/menu',
  'web/components/ui/flag-icon',
  'web/components/ui/external-link',
  'web/components/ui/page-spinner',
  'web/components/ui/section-heading',
  'web/components/ui/user-avatar',
  'web/components/ui/alert',
  'web/components/ui/button',
  'web/components/ui/text-field',
  'web/components/ui/form-field',
  'web/components/ui/error-icon',
  'web/components/layout/brand-mark',
  'web/features/auth/api/auth-api',
]
const FIRST_CHUNK = new RegExp(
  String.raw`src[\\/](${FIRST_CHUNK_MODULES.map((path) => path.replaceAll('/', String.raw`[\\/]`)).join('|')})\.`,
)

export default defineConfig({
  plugins: [react(), tailwindcss(), injectPublicConfig(), zodWithoutEval()],
  // `vite build` builds the browser's app, then the SSR build, then prerenders the public pages
  // with it (docs/decisions/0020-prerendered-public-pages.md).
  builder: {
    async buildApp(builder) {
      const { client, ssr } = builder.environments
      if (!client || !ssr) throw new Error('vite: the client and ssr environments are missing')
      await builder.build(client)
      await builder.build(ssr)
      await prerenderSite({ distDir: 'dist', entry: `${PRERENDER_OUT_DIR}/entry-prerender.js` })
    },
  },
  environments: {
    ssr: {
      build: {
        outDir: PRERENDER_OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: { input: PRERENDER_ENTRY, output: { codeSplitting: false } },
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    assetsInlineLimit: 0,
    // Every browser we support preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page needs travel together: fewer, larger files compress better
        // than a scatter of tiny shared chunks (npm run bench measures it).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // Vite's preload helper too: every lazy screen uses it.
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|wouter|regexparam|use-sync-external-store)[\\/]|vite[\\/]preload-helper/,
            },
            // The screens' shared small modules in one first chunk: everything a prerendered
            // screen needs before it hydrates. As a scatter of tiny chunks they cost a phone a
            // request and a preload link each, added in one long task (decision 45).
            {
              name: 'app',
              test: FIRST_CHUNK,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
})
