import { z } from 'zod';

/** The signed-in user as the API returns it (spec: _id, displayName, email, administrator, publicUserId). */
export const authUserSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  administrator: z.boolean(),
  publicUserId: z.string(),
  emailVerified: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/*
 * Request schemas shared by the API and the web forms. Messages are Spanish: the forms show them beside
 * each field.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 100;

export const emailField = z
  .string({ message: 'El correo electrónico es obligatorio.' })
  .trim()
  .min(1, { message: 'El correo electrónico es obligatorio.' })
  .max(254, { message: 'El correo electrónico es demasiado largo.' })
  .pipe(z.email({ message: 'Ingresa un correo electrónico válido.' }));

export const passwordField = z
  .string({ message: 'La contraseña es obligatoria.' })
  .min(PASSWORD_MIN, { message: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` })
  .max(PASSWORD_MAX, { message: `La contraseña debe tener como máximo ${PASSWORD_MAX} caracteres.` });

export const displayNameField = z
  .string({ message: 'El nombre es obligatorio.' })
  .trim()
  .min(1, { message: 'El nombre es obligatorio.' })
  .max(DISPLAY_NAME_MAX, { message: `El nombre debe tener como máximo ${DISPLAY_NAME_MAX} caracteres.` });

/** Sign-in checks only presence: the rules of a password belong to choosing one, not to typing it. */
const currentPasswordField = z
  .string({ message: 'La contraseña es obligatoria.' })
  .min(1, { message: 'La contraseña es obligatoria.' })
  .max(PASSWORD_MAX, { message: `La contraseña debe tener como máximo ${PASSWORD_MAX} caracteres.` });

export const signupRequestSchema = z.object({
  displayName: displayNameField,
  email: emailField,
  password: passwordField,
  /** Optional client-made id (UUID): a retried sign-up with the same id creates nothing new. */
  clientId: z.uuid({ message: 'Identificador no válido.' }).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signinRequestSchema = z.object({ email: emailField, password: currentPasswordField });
export type SigninRequest = z.infer<typeof signinRequestSchema>;

export const changePasswordRequestSchema = z
  .object({ password: currentPasswordField, newPassword: passwordField })
  .refine((v) => v.password !== v.newPassword, {
    message: 'La nueva contraseña debe ser distinta de la actual.',
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField });
export const passwordResetSetSchema = z.object({ password: passwordField });
export const profileUpdateSchema = z.object({ displayName: displayNameField });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Tokens sent by e-mail: 32 random bytes, base64url. */
export const mailTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'El enlace no es válido.' }),
});

export const userResponseSchema = z.object({ user: authUserSchema, token: z.string() });
export const dataTokenResponseSchema = z.object({ data: authUserSchema, token: z.string() });
export const dataUserResponseSchema = z.object({ data: authUserSchema });
export const messageResponseSchema = z.object({ message: z.string() });
