/**
 * `npm run weekly-job [-- --now=2026-11-29T05:00:00Z] [--visibility-timeout=<seconds>]`: one tick of
 * the Sunday job against the local data directory (stop `npm start` first: DynamoDB Local keeps its
 * files to itself): the dispatcher sends every due family to the local queue, the worker generates
 * them, and this waits until the queue is empty (retries and the dead-letter store included).
 */
import { resolve } from 'node:path';
import { startLocalStack } from './stack';

const root = resolve(import.meta.dirname, '../..');
const dataDirEnv = process.env.DATA_DIR ?? '.data';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const nowArg = arg('now');
const now = nowArg ? new Date(nowArg) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`Not a date: ${nowArg}`);
  process.exit(2);
}
const visibilityArg = arg('visibility-timeout');
const visibilityTimeoutMs = visibilityArg ? Number(visibilityArg) * 1000 : undefined;
if (visibilityTimeoutMs !== undefined && !(visibilityTimeoutMs >= 0)) {
  console.error(`Not a number of seconds: ${visibilityArg}`);
  process.exit(2);
}

const stack = await startLocalStack({
  dataDir: dataDirEnv === ':memory:' ? null : resolve(root, dataDirEnv),
  weeklyJob: {
    visibilityTimeoutMs,
    onDeadLetter: (m) => console.error(`  dead-letter store: ${m.body} (received ${m.receiveCount} times)`),
  },
});
try {
  const started = performance.now();
  const result = await stack.weekly.dispatch(now);
  console.log(`Weekly job at ${now.toISOString()}: ${result.dispatched} due famil${result.dispatched === 1 ? 'y' : 'ies'} sent to the queue in ${result.ms.toFixed(0)} ms`);
  if (result.dispatched) console.log(`  waiting for the worker (failed families are delivered again after the visibility timeout)…`);
  await stack.weekly.queue.drained();
  const s = stack.weekly.queue.stats();
  console.log(`  ${s.succeeded} done, ${s.failedReceives} failed receives retried, ${s.deadLettered} in the dead-letter store, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (s.deadLettered) process.exitCode = 1;
  // The weekly reports the worker queued go out at the local SES's pace (decision 050).
  const reports = stack.weekly.reportMail.queue;
  if (reports.stats().sent) {
    await reports.drained();
    const r = reports.stats();
    console.log(`  weekly reports: ${r.succeeded} handled by the report mailer, ${r.deadLettered} in its dead-letter store`);
    if (r.deadLettered) process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
