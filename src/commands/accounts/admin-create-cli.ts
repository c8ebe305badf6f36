/**
 * npm run admin:create -- --email x@y.z --name "Nombre" [--password ...]
 * Creates a platform administrator, or promotes the existing account with that e-mail. Prompt-less: when no
 * password is given for a new account, one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createLogger } from '../../infra/logger.js';
import { displayNameField, emailField, passwordField } from '../../contracts/accounts.js';
import { loadConfig } from '../../config.js';
import { createContext } from '../../context.js';
import { emailHash } from '../../domain/accounts/email.js';
import { runCli } from '../../infra/cli.js';
import { ensureInfrastructure } from '../../infra/embedded.js';
import { projections } from '../../projections/index.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { grantAdministrator, markEmailVerified, setPassword, signUp } from './service.js';

runCli('npm run admin:create', async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.email) {
    console.log('Uso: npm run admin:create -- --email correo@dominio --name "Nombre" [--password clave]');
    process.exit(values.help ? 0 : 1);
  }

  const fail = (what: string, err: { issues: { message: string }[] }) => {
    console.error(`${what}: ${err.issues.map((i) => i.message).join(' ')}`);
    process.exit(1);
  };
  const email = emailField.safeParse(values.email);
  if (!email.success) fail('Correo no válido', email.error);
  const password = values.password === undefined ? null : passwordField.safeParse(values.password);
  if (password && !password.success) fail('Contraseña no válida', password.error);

  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const infra = await ensureInfrastructure(config, logger);
  try {
    const ctx = await createContext(
      { ...config, databaseUrl: infra.databaseUrl, redisUrl: infra.redisUrl, jwtSecret: infra.jwtSecret, piiMasterKey: infra.piiMasterKey, secretsMasterKey: infra.secretsMasterKey },
      { logger },
    );
    // The commands wait for the read model; run the projections here too in case no server is running (with one
    // running, its runner holds the projections' locks and this one stays on standby).
    const runner = new ProjectionRunner(
      { db: ctx.db, pool: ctx.pool, store: ctx.store, effects: { realtime: ctx.realtime, jobs: ctx.jobs }, logger },
      projections,
    );
    runner.start();
    try {
      const existing = await ctx.db
        .selectFrom('account_credentials')
        .select('user_id')
        .where('email_hash', '=', emailHash(email.data!))
        .executeTakeFirst();
      let userId: string;
      let generated: string | null = null;
      if (existing) {
        userId = existing.user_id;
        if (password?.data) await setPassword(ctx, userId, password.data);
        console.log(`La cuenta ${email.data} ya existía: se le otorga el rol de administrador.`);
      } else {
        const name = displayNameField.safeParse(values.name ?? 'Administrador');
        if (!name.success) fail('Nombre no válido', name.error);
        generated = password?.data ? null : randomBytes(12).toString('base64url');
        const created = await signUp(ctx, { displayName: name.data!, email: email.data!, password: password?.data ?? generated!, skipVerificationMail: true });
        userId = created.user._id;
        await ctx.db.deleteFrom('account_sessions').where('id', '=', created.sessionId).execute();
        console.log(`Cuenta creada para ${email.data}.`);
      }
      await markEmailVerified(ctx, userId);
      await grantAdministrator(ctx, userId);
      console.log(`Administrador de la plataforma: ${email.data} (id ${userId}).`);
      if (generated) console.log(`Contraseña generada (guárdala, no se volverá a mostrar): ${generated}`);
    } finally {
      await runner.stop();
      await ctx.close();
    }
  } finally {
    // Stops only what this process started: an embedded PostgreSQL of a running `npm start` stays up.
    await infra.stop();
  }
});
