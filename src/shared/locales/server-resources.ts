import deErrors from './de/errors.json' with { type: 'json' }
import enErrors from './en/errors.json' with { type: 'json' }
import esErrors from './es/errors.json' with { type: 'json' }
import huErrors from './hu/errors.json' with { type: 'json' }

/** The namespaces the server itself speaks (error messages now, e-mails later). */
export const serverResources = {
  hu: { errors: huErrors },
  en: { errors: enErrors },
  es: { errors: esErrors },
  de: { errors: deErrors },
}
