/**
 * npm run api:document: writes the API document (what /api/openapi.json serves) to
 * docs/api/openapi.json. A test fails while the committed file differs from the routes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname } from 'node:path'
import {
  COMMITTED_DOCUMENT,
  documentText,
  generateApiDocument,
} from '../src/server/api-docs/generate-document.ts'

const path = fileURLToPath(COMMITTED_DOCUMENT)
mkdirSync(dirname(path), { recursive: true })
writeFileSync(path, documentText(await generateApiDocument()))
console.log(`wrote ${path}`)
