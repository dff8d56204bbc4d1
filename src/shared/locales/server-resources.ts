import deEmails from './de/emails.json' with { type: 'json' }
import deEvents from './de/events.json' with { type: 'json' }
import deErrors from './de/errors.json' with { type: 'json' }
import deNewsletter from './de/newsletter.json' with { type: 'json' }
import enEmails from './en/emails.json' with { type: 'json' }
import enEvents from './en/events.json' with { type: 'json' }
import enErrors from './en/errors.json' with { type: 'json' }
import enNewsletter from './en/newsletter.json' with { type: 'json' }
import esEmails from './es/emails.json' with { type: 'json' }
import esEvents from './es/events.json' with { type: 'json' }
import esErrors from './es/errors.json' with { type: 'json' }
import esNewsletter from './es/newsletter.json' with { type: 'json' }
import huEmails from './hu/emails.json' with { type: 'json' }
import huEvents from './hu/events.json' with { type: 'json' }
import huErrors from './hu/errors.json' with { type: 'json' }
import huNewsletter from './hu/newsletter.json' with { type: 'json' }

/** The namespaces the server itself speaks: error messages, e-mails, the newsletter's
 * answers and the events' validation and errors. */
export const serverResources = {
  hu: {
    errors: huErrors,
    emails: huEmails,
    newsletter: huNewsletter,
    events: huEvents,
  },
  en: {
    errors: enErrors,
    emails: enEmails,
    newsletter: enNewsletter,
    events: enEvents,
  },
  es: {
    errors: esErrors,
    emails: esEmails,
    newsletter: esNewsletter,
    events: esEvents,
  },
  de: {
    errors: deErrors,
    emails: deEmails,
    newsletter: deNewsletter,
    events: deEvents,
  },
}
