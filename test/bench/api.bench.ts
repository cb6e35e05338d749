/**
 * `npm run bench`: latency and DynamoDB request counts of the hot API calls against the local stack
 * (DynamoDB Local in memory), for a small and a large family. Prints figures; asserts nothing.
 * DynamoDB Local is far slower than DynamoDB, so read the request counts as the portable figure.
 */
import { startLocalStack } from '../../infra/local/stack';
import { apiCaller } from './support/api-call';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function main() {
  process.env.EXPOSE_DYNAMO_REQUEST_COUNT = '1';
  const stack = await startLocalStack({ dataDir: null });
  const base = stack.url;
  const call = apiCaller(base);
  try {
    for (const [label, kids, chores] of [['small family', 2, 12], ['large family', 10, 80]] as const) {
      const signup = await call('', 'POST', '/api/auth/parent-signup', { email: `bench-${label.replace(' ', '-')}@example.com`, password: 'secret123', firstName: 'Bench', timeZone: 'America/Chicago' });
      const parent = signup.cookie!;
      const childIds: string[] = [];
      for (let i = 0; i < kids; i++) {
        const c = await call(parent, 'POST', '/api/children', { displayName: `Kid ${i}`, age: 6 + i, maxDifficultyLevel: 5 });
        await call(parent, 'PUT', `/api/children/${c.json.id}/chore-settings`, { dailyChoresCount: 4, weeklyChoresCount: 3, continuousChoresCount: 2 });
        await call(parent, 'POST', `/api/children/${c.json.id}/credentials`, { username: `bench${label[0]}${i}`, password: 'pass123' });
        childIds.push(c.json.id);
      }
      for (let i = 0; i < chores; i++) {
        await call(parent, 'POST', '/api/chores', { name: `Chore ${i}`, category: ['daily', 'weekly', 'continuous'][i % 3], amount: `${1 + (i % 7)}.25`, difficultyLevel: 1 + (i % 5) });
      }
      const gen = performance.now();
      const generated = await call(parent, 'POST', '/api/assignments/generate');
      const genMs = performance.now() - gen;
      const child = (await call('', 'POST', '/api/auth/child-login', { username: `bench${label[0]}0`, password: 'pass123' })).cookie!;
      const dashboard = await call(parent, 'GET', '/api/dashboard');
      const today = dashboard.json.children.find((c: { id: string }) => c.id === childIds[0]).assignments.find((a: { assignedDate: string }) => a.assignedDate === dashboard.json.today);

      console.log(`\n${label}: ${kids} children, ${chores} chores, ${generated.json.created} assignments generated in ${genMs.toFixed(0)} ms (${generated.ddb} DynamoDB requests)`);
      console.log('call                                   p50 ms   p95 ms   DynamoDB requests');
      const cases: [string, string, string, string, unknown?][] = [
        ['GET /api/dashboard', parent, 'GET', '/api/dashboard'],
        ['GET /api/children', parent, 'GET', '/api/children'],
        ['GET /api/child/assignments', child, 'GET', '/api/child/assignments'],
        ['POST /api/child/complete-assignment', child, 'POST', '/api/child/complete-assignment'],
      ];
      for (const [name, cookie, method, path] of cases) {
        const times: number[] = [];
        let ddb = 0;
        for (let i = 0; i < RUNS; i++) {
          const body = path.endsWith('complete-assignment') ? { assignmentId: today.id, completed: i % 2 === 0 } : undefined;
          const t = performance.now();
          const res = await call(cookie, method, path, body);
          times.push(performance.now() - t);
          ddb = res.ddb;
        }
        times.sort((a, b) => a - b);
        const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
        console.log(`${name.padEnd(38)} ${q(0.5).padStart(6)}   ${q(0.95).padStart(6)}   ${ddb}`);
      }
    }
  } finally {
    await stack.stop();
  }
}

await main();
