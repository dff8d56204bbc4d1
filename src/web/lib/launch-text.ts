import i18n from 'i18next'
import { launchText, type LaunchT, type LaunchTextId } from '#shared/launch.ts'
import { publicConfig } from './public-config.ts'

/**
 * A sentence that names the launch, in the current language, for the owner's setting (or without
 * a date, once its time is over). Call it where useTranslation has loaded the sentence's
 * namespace. At the build it is the placeholder the server fills with the same sentence.
 */
export function launchSentence(id: LaunchTextId): string {
  return launchText(
    i18n.getFixedT(i18n.language) as unknown as LaunchT,
    i18n.language,
    id,
    publicConfig().launch,
  )
}
