import deEmails from './de/emails.json' with { type: 'json' }
import deErrors from './de/errors.json' with { type: 'json' }
import enEmails from './en/emails.json' with { type: 'json' }
import enErrors from './en/errors.json' with { type: 'json' }
import esEmails from './es/emails.json' with { type: 'json' }
import esErrors from './es/errors.json' with { type: 'json' }
import huEmails from './hu/emails.json' with { type: 'json' }
import huErrors from './hu/errors.json' with { type: 'json' }

/** The namespaces the server itself speaks: error messages and e-mails. */
export const serverResources = {
  hu: { errors: huErrors, emails: huEmails },
  en: { errors: enErrors, emails: enEmails },
  es: { errors: esErrors, emails: esEmails },
  de: { errors: deErrors, emails: deEmails },
}
