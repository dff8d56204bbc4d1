import type { PublicConfig } from '#shared/public-config.ts'
import type { Env } from './env.ts'

export function publicConfigFrom(env: Env): PublicConfig {
  return {
    officialSiteUrl: env.OFFICIAL_SITE_URL,
    instagramUrl: env.INSTAGRAM_URL,
    appStoreUrl: env.APP_STORE_URL,
    googlePlayUrl: env.GOOGLE_PLAY_URL,
    privacyPolicyUrl: env.PRIVACY_POLICY_URL,
    contactEmail: env.CONTACT_EMAIL,
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  }
}
