import { z } from 'zod/mini';

/*
 * The account forms' request schemas, written with zod/mini (same zod package, tree-shakable functions): the
 * web's sign-in and register pages validate with them without loading classic zod (~25 KB gzip). The API's
 * schemas in ./accounts.ts are built from these, so server and forms check exactly the same rules. Messages
 * are Spanish: the forms show them beside each field.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 100;

/**
 * A field's own "obligatorio" only when it is missing: a value of the wrong kind (a number where a text goes)
 * falls through to the server's general wording ('Debe ser un texto.').
 */
const missing = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? message : undefined);

export const emailField = z.pipe(
  z
    .string({ error: missing('El correo electrónico es obligatorio.') })
    .check(
      z.trim(),
      z.minLength(1, { message: 'El correo electrónico es obligatorio.' }),
      z.maxLength(254, { message: 'El correo electrónico es demasiado largo.' }),
    ),
  z.email({ message: 'Ingresa un correo electrónico válido.' }),
);

export const passwordField = z
  .string({ error: missing('La contraseña es obligatoria.') })
  .check(
    z.minLength(PASSWORD_MIN, { message: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` }),
    z.maxLength(PASSWORD_MAX, { message: `La contraseña debe tener como máximo ${PASSWORD_MAX} caracteres.` }),
  );

export const displayNameField = z
  .string({ error: missing('El nombre es obligatorio.') })
  .check(
    z.trim(),
    z.minLength(1, { message: 'El nombre es obligatorio.' }),
    z.maxLength(DISPLAY_NAME_MAX, { message: `El nombre debe tener como máximo ${DISPLAY_NAME_MAX} caracteres.` }),
  );

/** Sign-in checks only presence: the rules of a password belong to choosing one, not to typing it. */
export const currentPasswordField = z
  .string({ error: missing('La contraseña es obligatoria.') })
  .check(
    z.minLength(1, { message: 'La contraseña es obligatoria.' }),
    z.maxLength(PASSWORD_MAX, { message: `La contraseña debe tener como máximo ${PASSWORD_MAX} caracteres.` }),
  );

export const signupForm = z.object({
  displayName: displayNameField,
  email: emailField,
  password: passwordField,
  /** Optional client-made id (UUID): a retried sign-up with the same id creates nothing new. */
  clientId: z.optional(z.uuid({ message: 'Identificador no válido.' })),
});

export const signinForm = z.object({ email: emailField, password: currentPasswordField });

/** The new password must differ from the current one (message beside the new password). */
export const newPasswordDiffers = z.refine<{ password: string; newPassword: string }>((v) => v.password !== v.newPassword, {
  message: 'La nueva contraseña debe ser distinta de la actual.',
  path: ['newPassword'],
});
export const changePasswordForm = z.object({ password: currentPasswordField, newPassword: passwordField }).check(newPasswordDiffers);

export const passwordResetRequestForm = z.object({ email: emailField });
export const passwordResetSetForm = z.object({ password: passwordField });
export const profileUpdateForm = z.object({ displayName: displayNameField });
/** A new e-mail for the account: it replaces the current one once the link sent to it is opened. */
export const emailChangeForm = z.object({ email: emailField });
/** POST profile/avatar (multipart, field `avatar`): JPEG, PNG or WebP up to 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
