import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import {
  authUserSchema,
  changePasswordRequestSchema,
  dataTokenResponseSchema,
  dataUserResponseSchema,
  emailChangeRequestSchema,
  mailTokenParams,
  messageResponseSchema,
  passwordResetRequestSchema,
  passwordResetSetSchema,
  profileUpdateSchema,
  profilePreferencesSchema,
  sessionResponseSchema,
  signinRequestSchema,
  signupRequestSchema,
  userResponseSchema,
} from '../../contracts/accounts.js';
import type { AppContext } from '../../context.js';
import * as accounts from '../../commands/accounts/service.js';
import { messages } from '../../messages/es.js';
import { clearTokenCookie, setTokenCookie } from '../auth.js';
import { defineRoute } from '../route.js';
import { uploadAvatar } from './avatar.js';
import { accountsRateLimit } from './rate-limit.js';

const TAG = 'accounts';
const m = messages.accounts;

/**
 * Routes of the accounts module (spec section 7: signin, logout, signup, changePasword, userToken, validate,
 * validateadmin; plus e-mail verification, password reset, account deletion and profile).
 *
 * Responses carrying a token are sent here rather than returned: the route layer stores returned bodies for
 * Idempotency-Key replays, and a token must never be written to a table.
 */
export function registerAccountsRoutes(router: Router, ctx: AppContext) {
  const secure = ctx.config.appUrl.startsWith('https:');
  const sendWithToken = (res: Response, status: number, token: string, body: Record<string, unknown>) => {
    setTokenCookie(res, token, secure);
    res.status(status).json({ ...body, token });
    return undefined;
  };

  // Sign-up handles its own idempotency (clientId or Idempotency-Key) since nobody is signed in yet.
  router.post('/signup', accountsRateLimit(ctx, 'signupPerIp'), accountsRateLimit(ctx, 'signup'), (req: Request, _res, next) => {
    (req as Request & { signupKey?: string }).signupKey = req.get('Idempotency-Key') ?? undefined;
    delete req.headers['idempotency-key'];
    next();
  });
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/signup', summary: 'Registro de usuario', tag: TAG, auth: 'none', body: signupRequestSchema, response: userResponseSchema, successStatus: 201 },
    async ({ body, req, res }) => {
      const headerKey = (req as Request & { signupKey?: string }).signupKey;
      if (headerKey !== undefined && (headerKey.length === 0 || headerKey.length > 200)) {
        throw new z.ZodError([{ code: 'custom', path: ['Idempotency-Key'], message: 'Identificador no válido.', input: headerKey }]);
      }
      const { user, token } = await accounts.signUp(ctx, { ...body, clientKey: body.clientId ?? headerKey });
      return sendWithToken(res, 201, token, { user });
    },
  );

  router.post('/signin', accountsRateLimit(ctx, 'signinPerIp'), accountsRateLimit(ctx, 'signin'));
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/signin', summary: 'Inicio de sesión', tag: TAG, auth: 'none', body: signinRequestSchema, response: dataTokenResponseSchema },
    async ({ body, res }) => {
      const { user, token } = await accounts.signIn(ctx, body);
      return sendWithToken(res, 200, token, { data: user });
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/logout', summary: 'Cierra la sesión (el token deja de ser válido)', tag: TAG, auth: 'optional', response: messageResponseSchema },
    async ({ req, res }) => {
      if (req.sessionId) await accounts.endSession(ctx, req.sessionId);
      clearTokenCookie(res);
      return { message: m.loggedOut };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/validate', summary: 'Usuario de la sesión (401 si no hay sesión)', tag: TAG, auth: 'user', response: dataUserResponseSchema },
    async ({ user }) => ({ data: user }),
  );

  // The web app asks who is signed in on every first load: an anonymous visitor is an answer, not an error (a
  // 401 here was a console error on every anonymous page). validate keeps the spec's 401 for its callers.
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/session', summary: 'Usuario de la sesión, o null sin sesión', tag: TAG, auth: 'optional', response: sessionResponseSchema },
    async ({ user, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return { user: user ?? null };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/validateadmin', summary: 'Comprueba que el usuario es administrador de la plataforma', tag: TAG, auth: 'admin', response: dataUserResponseSchema },
    async ({ user }) => ({ data: user }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/userToken', summary: 'Usuario y token de la sesión actual', tag: TAG, auth: 'user', response: dataTokenResponseSchema },
    async ({ user, req, res }) => {
      const token = await ctx.tokens.sign({ userId: user!._id, sessionId: req.sessionId! });
      res.setHeader('Cache-Control', 'no-store');
      return sendWithToken(res, 200, token, { data: user });
    },
  );

  router.post('/changePasword', accountsRateLimit(ctx, 'changePassword'));
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/changePasword', summary: 'Cambio de contraseña', tag: TAG, auth: 'user', body: changePasswordRequestSchema, response: userResponseSchema },
    async ({ user, body, res }) => {
      const result = await accounts.changePassword(ctx, user!._id, body);
      return sendWithToken(res, 200, result.token, { user: result.user });
    },
  );

  router.post('/passwordReset', accountsRateLimit(ctx, 'passwordReset'));
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/passwordReset', summary: 'Solicita un enlace para restablecer la contraseña', tag: TAG, auth: 'none', body: passwordResetRequestSchema, response: messageResponseSchema },
    async ({ body }) => {
      // Answered before the work is done: a known e-mail must not take measurably longer than an unknown one.
      accounts.requestPasswordReset(ctx, body.email).catch((err) => ctx.logger.error({ err }, 'password reset request failed'));
      return { message: m.resetRequested };
    },
  );

  // Links carrying a token: refused tokens are counted per IP (verify/resend is a signed-in action, not a token).
  const tokenLimit = accountsRateLimit(ctx, 'mailTokenPerIp');
  router.post(['/passwordReset/:token', '/confirm/account/:token', '/confirm/mail/:token', '/deleteAccount/:token'], tokenLimit);
  router.post('/verify/:token', (req, res, next) => (req.params.token === 'resend' ? next() : tokenLimit(req, res, next)));
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/passwordReset/:token', summary: 'Define una nueva contraseña con el enlace recibido', tag: TAG, auth: 'none', params: mailTokenParams, body: passwordResetSetSchema, response: userResponseSchema },
    async ({ params, body, res }) => {
      const result = await accounts.resetPassword(ctx, params.token, body.password);
      return sendWithToken(res, 200, result.token, { user: result.user, message: m.passwordReset });
    },
  );

  // Registered before verify/:token so that "resend" is not taken for a token.
  router.post('/verify/resend', accountsRateLimit(ctx, 'accountMail'));
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/verify/resend', summary: 'Reenvía el correo de verificación', tag: TAG, auth: 'user', response: messageResponseSchema },
    async ({ user }) => {
      const sent = await accounts.resendVerification(ctx, user!._id);
      return { message: sent ? m.verificationSent : m.emailAlreadyVerified };
    },
  );

  for (const path of ['/verify/:token', '/confirm/account/:token']) {
    defineRoute(
      router,
      ctx,
      { method: 'post', path, summary: 'Verifica el correo electrónico con el enlace recibido', tag: TAG, auth: 'optional', params: mailTokenParams, response: dataUserResponseSchema },
      async ({ params }) => ({ data: await accounts.verifyEmail(ctx, params.token) }),
    );
  }

  router.post('/requestAccountDelete', accountsRateLimit(ctx, 'accountMail'));
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/requestAccountDelete', summary: 'Envía el enlace para eliminar la cuenta', tag: TAG, auth: 'user', response: messageResponseSchema },
    async ({ user }) => {
      await accounts.requestAccountDeletion(ctx, user!._id);
      return { message: m.deletionRequested };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/deleteAccount/:token', summary: 'Elimina la cuenta y sus datos personales', tag: TAG, auth: 'optional', params: mailTokenParams, response: messageResponseSchema },
    async ({ params, res }) => {
      await accounts.deleteAccount(ctx, params.token);
      clearTokenCookie(res);
      return { message: m.accountDeleted };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/profile', summary: 'Actualiza el perfil (nombre visible)', tag: TAG, auth: 'user', body: profileUpdateSchema, response: z.object({ data: authUserSchema }) },
    async ({ user, body }) => ({ data: await accounts.updateProfile(ctx, user!._id, body) }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/profile/preferences', summary: 'Cambia las preferencias del perfil (chat con otros asistentes de tus eventos)', tag: TAG, auth: 'user', body: profilePreferencesSchema, response: z.object({ data: authUserSchema }) },
    async ({ user, body }) => ({ data: await accounts.setProfilePreferences(ctx, user!._id, body) }),
  );

  // Each request mails a link: limited like the other account mails.
  router.put('/profile/email', accountsRateLimit(ctx, 'accountMail'));
  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/profile/email', summary: 'Pide cambiar el correo: envía un enlace de confirmación a la nueva dirección', tag: TAG, auth: 'user', body: emailChangeRequestSchema, response: messageResponseSchema },
    async ({ user, body }) => {
      await accounts.requestEmailChange(ctx, user!._id, body.email);
      return { message: m.emailChangeRequested };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/profile/avatar', summary: 'Sube la foto de perfil (multipart, campo avatar: JPEG, PNG o WebP, hasta 2 MB)', tag: TAG, auth: 'user', response: z.object({ data: authUserSchema }) },
    async ({ user, req, res }) => ({ data: await uploadAvatar(ctx, req, res, user!._id) }),
  );
  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/profile/avatar', summary: 'Quita la foto de perfil (vuelven las iniciales)', tag: TAG, auth: 'user', response: z.object({ data: authUserSchema }) },
    async ({ user }) => ({ data: await accounts.setAvatar(ctx, user!._id, null) }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/confirm/mail/:token', summary: 'Confirma el nuevo correo con el enlace recibido; desde entonces inicia sesión con él', tag: TAG, auth: 'optional', params: mailTokenParams, response: dataUserResponseSchema },
    async ({ params }) => ({ data: await accounts.confirmEmailChange(ctx, params.token) }),
  );
}
