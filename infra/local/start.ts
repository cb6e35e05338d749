/**
 * `npm start`: DynamoDB Local (persisted under DATA_DIR, default .data/; DATA_DIR=:memory: for a
 * throwaway run), the table, the demo family on first run, the frontend build, the local SES with
 * its mailbox (MAIL_PORT, default a free port), and the gateway on PORT (default 3000). Ctrl-C
 * stops everything.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
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
const skipBuild = process.argv.includes('--no-build') || process.env.SKIP_WEB_BUILD === '1';

/** What a stop must undo; filled in as start-up goes on, so Ctrl-C works at any moment. */
const running: { stack?: Awaited<ReturnType<typeof startLocalStack>>; timers: NodeJS.Timeout[] } = { timers: [] };
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  running.timers.forEach(clearTimeout);
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
    console.log('Building the frontend…');
    const build = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const stack = (running.stack = await startLocalStack({
    dataDir,
    port,
    host: process.env.HOST ?? '127.0.0.1',
    staticDir: resolve(root, process.env.WEB_DIST_DIR ?? 'frontend/dist'),
    onRequest: process.env.LOG_REQUESTS === '0' ? undefined : ({ method, path, status, ms }) => console.log(`${method} ${path} ${status} ${ms.toFixed(0)}ms`),
    weeklyJob: {
      onDeadLetter: (m) => console.error(`Weekly job: a family failed ${m.receiveCount} times and moved to the local dead-letter store: ${m.body}`),
    },
    familyDeletion: {
      onDeadLetter: (m) => console.error(`Family deletion: a step failed ${m.receiveCount} times and moved to the local dead-letter store (the hourly sweep queues it again): ${m.body}`),
    },
    mail: { port: mailPort, onRestart: (reason) => console.error(`Mailbox: ${reason}`) },
  }));
  const seeded = await seedDemoFamily();
  console.log(`
ChoreQuest is running at ${stack.url}
  data:   ${dataDir ?? 'in memory (lost on exit)'}${SEED_NOTES[seeded]}
  parent: ${DEMO_PARENT.email} / ${DEMO_PARENT.password}
  children: ${DEMO_CHILDREN.map((c) => `${c.username} / ${c.password}`).join(', ')}
  mailbox (every e-mail the app sends, local SES): ${stack.mail.mailboxUrl}
  weekly job queue (local SQS): ${stack.weekly.queueUrl}
  family deletion queue (local SQS): ${stack.familyDeletion.queueUrl}
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
  const msToNextHour = 3_600_000 - (Date.now() % 3_600_000);
  running.timers.push(
    setTimeout(() => {
      void tick();
      running.timers.push(setInterval(() => void tick(), 3_600_000));
    }, msToNextHour),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
