// Starts and kills campaign worker processes (bench/lib/campaign-worker.ts) over a running context's database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../../src/context.js';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'campaign-worker.ts');

export interface WorkerProcess {
  child: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startCampaignWorker(ctx: AppContext, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const config = {
    databaseUrl: ctx.config.databaseUrl,
    redisUrl: ctx.config.redisUrl,
    redisPrefix: ctx.config.redisPrefix,
    jwtSecret: ctx.config.jwtSecret,
    piiMasterKey: ctx.config.piiMasterKey.toString('base64'),
    secretsMasterKey: ctx.config.secretsMasterKey.toString('base64'),
    env: { APP_URL: ctx.config.appUrl, ...(ctx.config.smtpUrl ? { SMTP_URL: ctx.config.smtpUrl } : {}), ...env },
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, CAMPAIGN_WORKER_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`campaign worker exited with ${code}`)));
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
  });
  return {
    child,
    kill(signal = 'SIGKILL') {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}
