export * from './app-settings.ts'
export * from './auth.ts'
export * from './outbox.ts'
export * from './profiles.ts'
