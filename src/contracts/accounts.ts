import { z } from 'zod';
import {
  changePasswordForm,
  emailChangeForm,
  newPasswordDiffers,
  passwordResetRequestForm,
  passwordResetSetForm,
  profileUpdateForm,
  signinForm,
  signupForm,
} from './account-forms.js';

/** The signed-in user as the API returns it (spec: _id, displayName, email, administrator, publicUserId). */
export const authUserSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  administrator: z.boolean(),
  publicUserId: z.string(),
  emailVerified: z.boolean().optional(),
  /** The uploaded picture (a /api/v2/files/... path), null or absent for the initials. */
  avatarUrl: z.string().nullable().optional(),
  /** Chats with people holding tickets of the same events, when both allow it (off unless chosen). */
  allowAttendeeChat: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/*
 * Request schemas of the API: classic zod objects over the zod/mini fields and forms of ./account-forms.ts,
 * which the web's forms use directly.
 */
export { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, displayNameField, emailField, passwordField } from './account-forms.js';

export const signupRequestSchema = z.object(signupForm.shape);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signinRequestSchema = z.object(signinForm.shape);
export type SigninRequest = z.infer<typeof signinRequestSchema>;

export const changePasswordRequestSchema = z.object(changePasswordForm.shape).check(newPasswordDiffers);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const passwordResetRequestSchema = z.object(passwordResetRequestForm.shape);
export const passwordResetSetSchema = z.object(passwordResetSetForm.shape);
export const profileUpdateSchema = z.object(profileUpdateForm.shape);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
/** PUT profile/preferences: the profile's switches (today the attendee chat). */
export const profilePreferencesSchema = z.object({ allowAttendeeChat: z.boolean() });
export type ProfilePreferences = z.infer<typeof profilePreferencesSchema>;
/** PUT profile/email { email }: mails a confirmation link (/confirm/mail/{token}) to the new address. */
export const emailChangeRequestSchema = z.object(emailChangeForm.shape);
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;
export { AVATAR_MAX_BYTES } from './account-forms.js';

/** Tokens sent by e-mail: 32 random bytes, base64url. */
export const mailTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'El enlace no es válido.' }),
});

export const userResponseSchema = z.object({ user: authUserSchema, token: z.string() });
export const dataTokenResponseSchema = z.object({ data: authUserSchema, token: z.string() });
export const dataUserResponseSchema = z.object({ data: authUserSchema });
/** GET session: the signed-in user, or null for an anonymous visitor (200 either way, unlike validate's 401). */
export const sessionResponseSchema = z.object({ user: authUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const messageResponseSchema = z.object({ message: z.string() });
