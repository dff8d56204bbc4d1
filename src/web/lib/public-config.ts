import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#shared/public-config.ts'

let cached: PublicConfig | undefined

/** The external links the server injected into index.html. */
export function publicConfig(): PublicConfig {
  if (cached) return cached
  const element = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)
  if (!element?.textContent) throw new Error('Missing public configuration in index.html')
  cached = JSON.parse(element.textContent) as PublicConfig
  return cached
}

/** At build time there is no document: the prerenderer hands in placeholders the server fills. */
export function providePublicConfig(config: PublicConfig) {
  cached = config
}
