import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import drizzle from 'eslint-plugin-drizzle'
import architecture from './eslint/architecture.js'
import { readdirSync } from 'node:fs'

// The web's layers (bulletproof-react): ui and lib know nothing of features; a feature knows
// nothing of another feature's internals; routes and the app shell (components/layout) compose them.
const features = readdirSync('src/web/features')
const webZones = [
  ...['src/web/lib', 'src/web/components/ui'].map((target) => ({
    target,
    from: ['src/web/features', 'src/web/routes', 'src/web/components/layout'],
    message:
      'ui and lib are shared by everything: move what they need down here, or the caller up.',
  })),
  ...features.map((feature) => ({
    target: `src/web/features/${feature}`,
    from: ['src/web/features'],
    except: [`src/web/features/${feature}`],
    message: 'a feature does not reach into another: share it through lib/ or components/ui/.',
  })),
  {
    target: 'src/web/features',
    from: ['src/web/routes', 'src/web/components/layout'],
    message: 'features are composed by routes and the layout, not the other way round.',
  },
  // The server's code never reaches the browser, except the types of the typed client.
  {
    target: 'src/web',
    from: ['src/server'],
    except: ['src/server/app.ts'],
    message: 'the web imports only AppType from the server.',
  },
  // Shared code runs on both sides.
  { target: 'src/shared', from: ['src/server', 'src/web'], message: 'shared/ runs on both sides.' },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'data',
      'public',
      'test-results',
      'playwright-report',
      '.tmp',
      // Generated: npm run api:document, npm run api:types.
      'docs/api',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { architecture },
    rules: { 'architecture/layers': ['error', { zones: webZones }] },
  },
  {
    // A delete or update without where empties or rewrites a whole table.
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/env.ts.',
        },
      ],
    },
  },
  {
    files: [
      'src/server/env.ts',
      'scripts/**',
      'bench/**',
      'e2e/**',
      '*.config.ts',
      'src/server/**/*.test.ts',
      'src/server/test/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
