import appImage from '#web/assets/landing/card-app.svg'
import blogImage from '#web/assets/landing/card-blog.svg'
import communityImage from '#web/assets/landing/card-community.svg'
import nutritionImage from '#web/assets/landing/card-nutrition.svg'
import planImage from '#web/assets/landing/card-plan.svg'
import supportImage from '#web/assets/landing/card-support.svg'

/** The six marketing cards (SPEC section 9: MARKETING_CARD_COUNT); texts live in landing.cards.<id>. */
export const MARKETING_CARDS = [
  { id: 'plan', image: planImage },
  { id: 'nutrition', image: nutritionImage },
  { id: 'community', image: communityImage },
  { id: 'app', image: appImage },
  { id: 'blog', image: blogImage },
  { id: 'support', image: supportImage },
] as const

export type MarketingCardId = (typeof MARKETING_CARDS)[number]['id']
export const CARD_IMAGE_SIZE = { width: 640, height: 420 } as const
