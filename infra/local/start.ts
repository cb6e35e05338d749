/**
 * `npm start`: DynamoDB Local (persisted under DATA_DIR, default .data/; DATA_DIR=:memory: for a
 * throwaway run), the table, the demo family on first run, the frontend build (production, into
 * WEB_DIST_DIR, default frontend/dist; `--no-build` serves what is there), the local SES with its
 * mailbox (MAIL_PORT, default a free port), and the gateway on PORT (default 3000). Ctrl-C stops
 * everything.
 *
 * `npm run dev` (`--dev`): the same stack without the build, the gateway serving only the API (on
 * API_PORT, default a free port), and in front of it a Vite dev server with hot reload on PORT that
 * proxies /api to it (decision 047).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { resetAppEnv } from '../../functions/lib/env';
import { DEMO_CHILDREN, DEMO_PARENT } from '../../shared/demo';
import { assertJava } from './dynamo';
import { seedDemoFamily } from './seed';
import { startLocalStack } from './stack';

const root = resolve(import.meta.dirname, '../..');
const dataDirEnv = process.env.DATA_DIR ?? '.data';
const dataDir = dataDirEnv === ':memory:' ? null : resolve(root, dataDirEnv);
const port = Number(process.env.PORT ?? 3000);
const mailPort = process.env.MAIL_PORT ? Number(process.env.MAIL_PORT) : undefined;
if (mailPort !== undefined && !(Number.isInteger(mailPort) && mailPort > 0 && mailPort < 65536)) {
  console.error(`MAIL_PORT must be a port number, got ${process.env.MAIL_PORT}`);
  process.exit(1);
}
const dev = process.argv.includes('--dev');
const skipBuild = dev || process.argv.includes('--no-build') || process.env.SKIP_WEB_BUILD === '1';
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ? Number(process.env.API_PORT) : 0;
for (const [name, value] of [['PORT', port], ['API_PORT', apiPort]] as const) {
  if (!(Number.isInteger(value) && value >= 0 && value < 65536)) {
    console.error(`${name} must be a port number, got ${process.env[name]}`);
    process.exit(1);
  }
}

/** What a stop must undo; filled in as start-up goes on, so Ctrl-C works at any moment. */
const running: { stack?: Awaited<ReturnType<typeof startLocalStack>>; vite?: ViteDevServer; timers: NodeJS.Timeout[] } = { timers: [] };
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  running.timers.forEach(clearTimeout);
  await running.vite?.close();
  await running.stack?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const SEED_NOTES = {
  seeded: ' (demo family created)',
  existing: '',
  interrupted: `\n  note:   the first start was stopped while the demo family was being created, so it is incomplete;\n          stop, delete ${dataDirEnv}, and start again for a fresh demo family`,
} as const;

async function main(): Promise<void> {
  try {
    assertJava();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  if (!skipBuild) {
    // The production build whatever NODE_ENV says (frontend/vite.config.ts), into WEB_DIST_DIR when set.
    console.log('Building the frontend…');
    const build = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  let seeded: Awaited<ReturnType<typeof seedDemoFamily>> = 'existing';
  const stack = (running.stack = await startLocalStack({
    dataDir,
    port: dev ? apiPort : port,
    host,
    // With the dev server in front, the gateway answers the API only.
    staticDir: dev ? undefined : resolve(root, process.env.WEB_DIST_DIR ?? 'frontend/dist'),
    onRequest: process.env.LOG_REQUESTS === '0' ? undefined : ({ method, path, status, ms }) => console.log(`${method} ${path} ${status} ${ms.toFixed(0)}ms`),
    weeklyJob: {
      onDeadLetter: (m) => console.error(`Weekly job: a family failed ${m.receiveCount} times and moved to the local dead-letter store: ${m.body}`),
    },
    familyDeletion: {
      onDeadLetter: (m) => console.error(`Family deletion: a step failed ${m.receiveCount} times and moved to the local dead-letter store (the hourly sweep queues it again): ${m.body}`),
    },
    reminders: {
      onDeadLetter: (m) => console.error(`Reminders: a reminder failed ${m.receiveCount} times and moved to the local dead-letter store: ${m.body}`),
    },
    pushPort: process.env.PUSH_PORT ? Number(process.env.PUSH_PORT) : undefined,
    mail: { port: mailPort, onRestart: (reason) => console.error(`Mailbox: ${reason}`) },
    // Seeded before the app answers: a first visit (or the e2e server's readiness check) never
    // meets a half-made demo family.
    beforeListen: async () => {
      seeded = await seedDemoFamily();
    },
  }));
  const appUrl = dev ? await startDevServer(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${stack.port}`) : stack.url;
  console.log(`
ChoreQuest is running at ${appUrl}${dev ? `\n  dev:    Vite dev server with hot reload; /api goes to the local gateway at ${stack.url}` : ''}
  data:   ${dataDir ?? 'in memory (lost on exit)'}${SEED_NOTES[seeded]}
  parent: ${DEMO_PARENT.email} / ${DEMO_PARENT.password}
  children: ${DEMO_CHILDREN.map((c) => `${c.username} / ${c.password}`).join(', ')}
  mailbox (every e-mail the app sends, local SES): ${stack.mail.mailboxUrl}
  weekly job queue (local SQS): ${stack.weekly.queueUrl}
  weekly report queue (local SQS, sent at 80% of the local SES's 14/s): ${stack.weekly.reportMail.queueUrl}
  family deletion queue (local SQS): ${stack.familyDeletion.queueUrl}
  push service (every reminder sent by Web Push, decrypted as a browser would): ${stack.push.url}
  reminder queue (local SQS, a dispatcher run every 15 minutes): ${stack.reminders.queueUrl}
  SES bounce/complaint events (as SNS delivers them): POST ${stack.url}/local/ses-events {"type":"bounce"|"transient-bounce"|"complaint","email":"…"}
Press Ctrl-C to stop.`);
  // Locally the hourly EventBridge rule is this timer: the same dispatcher, the same catch-up on start.
  const tick = async () => {
    // The deletion sweeper's hourly rule: deletions not finished (a lost message) are queued again.
    await stack.familyDeletion.sweep(new Date()).catch((err: unknown) => console.error('family deletion sweep failed', err));
    const before = stack.weekly.queue.stats();
    const result = await stack.weekly.dispatch(new Date()).catch((err: unknown) => {
      console.error('weekly dispatch failed', err);
      return null;
    });
    if (!result?.dispatched) return;
    await stack.weekly.queue.drained();
    const after = stack.weekly.queue.stats();
    const generated = after.succeeded - before.succeeded;
    const dead = after.deadLettered - before.deadLettered;
    console.log(`Weekly job: ${result.dispatched} famil${result.dispatched === 1 ? 'y' : 'ies'} due, ${generated} done${dead ? `, ${dead} in the dead-letter store` : ''}`);
  };
  await tick();
  // Issue 32: the reminders' 15-minute rule, on the quarter hour.
  const remind = () => void stack.reminders.dispatch(new Date()).catch((err: unknown) => console.error('reminder dispatch failed', err));
  remind();
  const slotMs = 15 * 60_000;
  running.timers.push(
    setTimeout(() => {
      remind();
      running.timers.push(setInterval(remind, slotMs));
    }, slotMs - (Date.now() % slotMs)),
  );
  const msToNextHour = 3_600_000 - (Date.now() % 3_600_000);
  running.timers.push(
    setTimeout(() => {
      void tick();
      running.timers.push(setInterval(() => void tick(), 3_600_000));
    }, msToNextHour),
  );
}

/**
 * `npm run dev`: Vite's dev server on PORT with hot module replacement, /api proxied to the
 * gateway. Links in e-mails then open the dev server. Returns its URL.
 */
async function startDevServer(apiTarget: string): Promise<string> {
  const { createServer } = await import('vite');
  const vite = (running.vite = await createServer({
    configFile: resolve(root, 'frontend/vite.config.ts'),
    server: { host, port, strictPort: true, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  }));
  await vite.listen();
  const addr = vite.httpServer?.address();
  const url = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${typeof addr === 'object' && addr ? addr.port : port}`;
  process.env.APP_URL = url;
  resetAppEnv();
  return url;
}

main().catch(async (err: unknown) => {
  console.error(err);
  // Whatever had started (DynamoDB Local's Java process, the mailbox) goes too.
  await running.vite?.close().catch(() => undefined);
  await running.stack?.stop().catch(() => undefined);
  process.exit(1);
});
