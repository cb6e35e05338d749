/**
 * `npm run weekly-job [-- --now=2026-11-29T05:00:00Z]`: runs the scheduled weekly job once against
 * the local data directory (stop `npm start` first: DynamoDB Local keeps its files to itself).
 */
import { resolve } from 'node:path';
import { startLocalStack } from './stack';

const root = resolve(import.meta.dirname, '../..');
const dataDirEnv = process.env.DATA_DIR ?? '.data';
const nowArg = process.argv.find((a) => a.startsWith('--now='))?.slice('--now='.length);
const now = nowArg ? new Date(nowArg) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`Not a date: ${nowArg}`);
  process.exit(2);
}

const stack = await startLocalStack({ dataDir: dataDirEnv === ':memory:' ? null : resolve(root, dataDirEnv) });
try {
  const { runWeeklyJob } = await import('../../functions/jobs/weekly');
  const result = await runWeeklyJob(now);
  console.log(`Weekly job at ${now.toISOString()}: ${result.due} due, ${result.processed.length} regenerated, ${result.skipped} skipped, ${result.failed} failed`);
  for (const p of result.processed) console.log(`  family ${p.familyId}: week ${p.weekStart}, +${p.created} / -${p.removed}`);
} finally {
  await stack.stop();
}
