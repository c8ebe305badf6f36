/** Read-model tables of the notifications module (kysely types; SQL in migrations/). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationsTables {}
