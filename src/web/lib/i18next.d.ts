import 'i18next'
import type account from '#shared/locales/hu/account.json'
import type admin from '#shared/locales/hu/admin.json'
import type auth from '#shared/locales/hu/auth.json'
import type common from '#shared/locales/hu/common.json'
import type dashboard from '#shared/locales/hu/dashboard.json'
import type emails from '#shared/locales/hu/emails.json'
import type errors from '#shared/locales/hu/errors.json'
import type events from '#shared/locales/hu/events.json'
import type landing from '#shared/locales/hu/landing.json'
import type newsletter from '#shared/locales/hu/newsletter.json'
import type privacy from '#shared/locales/hu/privacy.json'

// Keys are typed from the Hungarian (default) texts; a test keeps the other languages in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      account: typeof account
      admin: typeof admin
      auth: typeof auth
      common: typeof common
      dashboard: typeof dashboard
      emails: typeof emails
      errors: typeof errors
      events: typeof events
      landing: typeof landing
      newsletter: typeof newsletter
      privacy: typeof privacy
    }
  }
}
