import deEmails from './de/emails.json' with { type: 'json' }
import deErrors from './de/errors.json' with { type: 'json' }
import deNewsletter from './de/newsletter.json' with { type: 'json' }
import enEmails from './en/emails.json' with { type: 'json' }
import enErrors from './en/errors.json' with { type: 'json' }
import enNewsletter from './en/newsletter.json' with { type: 'json' }
import esEmails from './es/emails.json' with { type: 'json' }
import esErrors from './es/errors.json' with { type: 'json' }
import esNewsletter from './es/newsletter.json' with { type: 'json' }
import huEmails from './hu/emails.json' with { type: 'json' }
import huErrors from './hu/errors.json' with { type: 'json' }
import huNewsletter from './hu/newsletter.json' with { type: 'json' }

/** The namespaces the server itself speaks: error messages, e-mails and the newsletter's answers. */
export const serverResources = {
  hu: { errors: huErrors, emails: huEmails, newsletter: huNewsletter },
  en: { errors: enErrors, emails: enEmails, newsletter: enNewsletter },
  es: { errors: esErrors, emails: esEmails, newsletter: esNewsletter },
  de: { errors: deErrors, emails: deEmails, newsletter: deNewsletter },
}
