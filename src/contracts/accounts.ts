import { z } from 'zod';

/** The signed-in user as the API returns it (spec: _id, displayName, email, administrator, publicUserId). */
export const authUserSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  administrator: z.boolean(),
  publicUserId: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
