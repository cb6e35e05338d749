/**
 * `npm run bench:api-load`: how many API calls a second this machine serves, and where it
 * saturates. Starts the local stack (DynamoDB Local in memory, the gateway with every HTTP handler
 * in this process), creates BENCH_LOAD_FAMILIES (100) families (1–4 children, 8 chores, this week
 * generated through the API), then drives a realistic mix of parent and child calls with autocannon
 * at rising concurrency (BENCH_LOAD_STEPS, default 1,4,16,64 connections; BENCH_LOAD_SECONDS each),
 * over loopback only. Prints requests/s, p50/p95/p99 latency, errors, 429s apart, DynamoDB requests
 * per call (x-dynamodb-requests), and the CPU of the three processes during each step: the API
 * (this process: gateway + handlers), DynamoDB Local (Java) and the load generator (a child
 * process, so that its CPU is not counted as the API's). Figures, no pass/fail (docs/capacity.md).
 *
 * Families are made through the data layer with one precomputed bcrypt hash and their sessions are
 * started as a sign-in starts them (startSession + signSession): a few hundred bcrypt sign-ins would
 * take minutes on 2 cores and measure bcrypt, not the API. The calls measured are none of the
 * per-address-limited ones (sign-in, sign-up, credentials, links), and each connection works on
 * its own families, so neither the limiter nor two connections ticking one chore interfere; any 429
 * is still counted apart.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiCaller } from './support/api-call';

const FAMILIES = Number(process.env.BENCH_LOAD_FAMILIES ?? 100);
const STEPS = (process.env.BENCH_LOAD_STEPS ?? '1,4,16,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

/** What the load generator gets for each family. */
interface BenchFamily {
  parent: string;
  childIds: string[];
  kids: { cookie: string; today: string[] }[];
}

/** The mix, by share of calls (docs/capacity.md "Usage model": calls per family and day by screen). */
const MIX = [
  { name: 'GET /api/dashboard', share: 0.2 },
  { name: 'GET /api/children', share: 0.1 },
  { name: 'GET /api/children/{id}/calendar', share: 0.1 },
  { name: 'GET /api/child/assignments', share: 0.3 },
  { name: 'GET /api/child/continuous-assignments', share: 0.1 },
  { name: 'POST /api/child/complete-assignment', share: 0.2 },
] as const;
type CallName = (typeof MIX)[number]['name'];

interface StepResult {
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  throttled: number;
  ddbPerCall: Record<string, number>;
  statusCounts: Record<string, number>;
}

const CLK_TCK = 100;
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

// ---- The load generator (child process) ------------------------------------------------------
async function client(): Promise<void> {
  const run = (url: string, families: BenchFamily[], connections: number, seconds: number) =>
    new Promise<StepResult>((resolve, reject) => {
      const ddb = new Map<string, { sum: number; n: number }>();
      const statusCounts: Record<string, number> = {};
      let throttled = 0;
      // Round robin over every child: at most `connections` calls are in flight and there are
      // hundreds of children, so no two calls of one child (a tick and its untick) overlap.
      let nextKid = 0;
      const kids = families.flatMap((f) => f.kids.map((kid, i) => ({ f, kid, childId: f.childIds[i]! })));
      const ticked = new Map<string, boolean>();
      const pick = (): CallName => {
        let r = Math.random();
        for (const m of MIX) if ((r -= m.share) < 0) return m.name;
        return MIX[0].name;
      };
      const instance = autocannon(
        {
          url,
          connections,
          duration: seconds,
          requests: [
            {
              setupRequest: (req: autocannon.Request, ctx: object): autocannon.Request => {
                const context = ctx as Record<string, unknown>;
                const { f, kid, childId } = kids[nextKid++ % kids.length]!;
                const call = pick();
                context.call = call;
                const headers = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
                switch (call) {
                  case 'GET /api/dashboard':
                    return { ...req, method: 'GET', path: '/api/dashboard', headers: { ...headers, cookie: f.parent } };
                  case 'GET /api/children':
                    return { ...req, method: 'GET', path: '/api/children', headers: { ...headers, cookie: f.parent } };
                  case 'GET /api/children/{id}/calendar':
                    return { ...req, method: 'GET', path: `/api/children/${childId}/calendar`, headers: { ...headers, cookie: f.parent } };
                  case 'GET /api/child/assignments':
                    return { ...req, method: 'GET', path: '/api/child/assignments', headers: { ...headers, cookie: kid.cookie } };
                  case 'GET /api/child/continuous-assignments':
                    return { ...req, method: 'GET', path: '/api/child/continuous-assignments', headers: { ...headers, cookie: kid.cookie } };
                  case 'POST /api/child/complete-assignment': {
                    // Tick, then untick the next time round.
                    const id = kid.today[Math.floor(Math.random() * kid.today.length)]!;
                    const completed = !ticked.get(id);
                    ticked.set(id, completed);
                    return { ...req, method: 'POST', path: '/api/child/complete-assignment', headers: { ...headers, cookie: kid.cookie }, body: JSON.stringify({ assignmentId: id, completed }) };
                  }
                }
              },
              onResponse: (status: number, _body: string, ctx: object, headers?: Record<string, unknown> | string[]) => {
                const context = ctx as Record<string, unknown>;
                statusCounts[status] = (statusCounts[status] ?? 0) + 1;
                if (status === 429) throttled++;
                const value = Array.isArray(headers) ? headers[headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'x-dynamodb-requests') + 1] : headers?.['x-dynamodb-requests'];
                const n = Number(value);
                if (Number.isFinite(n)) {
                  const e = ddb.get(context.call as string) ?? { sum: 0, n: 0 };
                  e.sum += n;
                  e.n++;
                  ddb.set(context.call as string, e);
                }
              },
            },
          ],
        },
        (err: Error | null, result: autocannon.Result) => {
          if (err) return reject(err);
          const non2xx = result.non2xx;
          resolve({
            connections,
            requests: result.requests.total,
            rps: result.requests.average,
            p50: result.latency.p50,
            p95: (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p90,
            p99: result.latency.p99,
            errors: result.errors + result.timeouts + non2xx - throttled,
            throttled,
            ddbPerCall: Object.fromEntries([...ddb].map(([k, v]) => [k, v.sum / v.n])),
            statusCounts,
          });
        },
      );
      instance.on('error', reject);
    });

  process.on('message', (msg: { url: string; families: BenchFamily[]; connections: number; seconds: number }) => {
    void run(msg.url, msg.families, msg.connections, msg.seconds).then(
      (r) => process.send!({ ok: true, result: r }),
      (e: unknown) => process.send!({ ok: false, error: String(e) }),
    );
  });
  process.send!({ ready: true });
}

// ---- The stack, the families, the steps (main process) ----------------------------------------
async function main(): Promise<void> {
  process.env.EXPOSE_DYNAMO_REQUEST_COUNT = '1';
  const { startLocalStack } = await import('../../infra/local/stack');
  const started = performance.now();
  const stack = await startLocalStack({ dataDir: null });
  const { createParentAccount, getChildLogin } = await import('../../functions/data/family/accounts');
  const { createChild, setChildCredentials } = await import('../../functions/data/family/children');
  const { createChore } = await import('../../functions/data/planning/chores');
  const { startSession } = await import('../../functions/data/family/sessions');
  const { hashPassword } = await import('../../functions/lib/passwords');
  const { newSessionId, sessionCookieName, sessionKey, signSession } = await import('../../functions/lib/session');
  const { appEnv } = await import('../../functions/lib/env');
  const base = stack.url;
  const request = apiCaller(base);
  const call = async (cookie: string, method: string, path: string, body?: unknown) => (await request(cookie, method, path, body)).json;
  // What a sign-in does once the password is checked (functions/http/auth.ts startSignedIn).
  const sessionFor = async (role: 'parent' | 'child', userId: string, familyId: string, stamp: string | undefined) => {
    const session = { role, userId, familyId, sessionId: newSessionId(), expiresAt: Math.floor(Date.now() / 1000) + appEnv().sessionTtlSeconds };
    if (!(await startSession(session, stamp ?? ''))) throw new Error('session refused');
    return `${sessionCookieName(false)}=${await signSession(session, await sessionKey())}`;
  };
  let child: ReturnType<typeof fork> | undefined;
  try {
    const hash = await hashPassword('bench-password');
    const families: BenchFamily[] = [];
    const CHORES = [
      ['Make bed', 'daily'], ['Feed the cat', 'daily'], ['Set the table', 'daily'], ['Vacuum', 'weekly'],
      ['Clean room', 'weekly'], ['Recycling', 'weekly'], ['Read', 'continuous'], ['Piano', 'continuous'],
    ] as const;
    const makeFamily = async (n: number) => {
      const now = new Date();
      const created = await createParentAccount({ email: `load-${n}@example.com`, passwordHash: hash, firstName: 'Load', lastName: `${n}`, timeZone: 'UTC', now, emailVerified: true });
      if (created === 'email-taken') throw new Error(`load-${n}@example.com already has an account: start from an empty table`);
      const { family, parent, login } = created;
      const parentCookie = await sessionFor('parent', parent.parentId, family.familyId, login.stamp);
      const kids = 1 + (n % 4);
      const childIds: string[] = [];
      for (let i = 0; i < kids; i++) {
        const c = await createChild(family.familyId, { displayName: `Kid ${i}`, age: 6 + i, maxDifficultyLevel: 5 }, now);
        if ((await setChildCredentials(c, `load${n}k${i}`, hash)) !== 'set') throw new Error(`load${n}k${i}: username taken`);
        childIds.push(c.childId);
      }
      for (const [i, [name, category]] of CHORES.entries()) await createChore(family.familyId, { name, category, amountCents: 125 + 100 * (i % 4), difficultyLevel: 1 + (i % 3) }, now);
      // This week through the API, as a parent's "Reassign Weekly Chores" does.
      await call(parentCookie, 'POST', '/api/assignments/generate');
      const kidsOut: BenchFamily['kids'] = [];
      for (const [i, childId] of childIds.entries()) {
        const cookie = await sessionFor('child', childId, family.familyId, (await getChildLogin(`load${n}k${i}`))?.stamp);
        const view = await call(cookie, 'GET', '/api/child/assignments');
        const today = ((view.assignments ?? []) as { id: string; assignedDate: string; status?: string }[]).filter((a) => a.assignedDate === view.today).map((a) => a.id);
        kidsOut.push({ cookie, today });
      }
      // A child with nothing today still loads its views; it just has nothing to tick.
      const withWork = kidsOut.filter((k) => k.today.length);
      families.push({ parent: parentCookie, childIds: childIds.filter((_, i) => kidsOut[i]!.today.length), kids: withWork });
    };
    let next = 0;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (next < FAMILIES) await makeFamily(next++);
    }));
    const usable = families.filter((f) => f.kids.length);
    const setupSeconds = (performance.now() - started) / 1000;
    console.log(`\nAPI load bench: ${usable.length} families (${usable.reduce((s, f) => s + f.kids.length, 0)} children with chores today) set up in ${setupSeconds.toFixed(0)} s; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
    console.log(`mix: ${MIX.map((m) => `${m.name} ${(m.share * 100).toFixed(0)}%`).join(', ')}; ${SECONDS} s per step\n`);

    child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_LOAD_ROLE: 'client' }, execArgv: process.execArgv });
    const messages: unknown[] = [];
    let waiter: ((m: unknown) => void) | undefined;
    child.on('message', (m) => (waiter ? (waiter(m), (waiter = undefined)) : messages.push(m)));
    const nextMessage = () => new Promise<any>((r) => (messages.length ? r(messages.shift()) : (waiter = r)));
    await nextMessage();

    const rows: string[] = [];
    const header = '| Connections | Requests/s | p50 ms | p95 ms | p99 ms | Errors | 429 | API process CPU | DynamoDB Local CPU | Load generator CPU | CPU ms per call (API + DynamoDB Local) |';
    rows.push(header, '|---|---|---|---|---|---|---|---|---|---|---|');
    const perCall: Record<string, number> = {};
    for (const connections of STEPS) {
      const t0 = performance.now();
      const cpu0 = { api: cpuSeconds(process.pid), java: cpuSeconds(stack.dynamo.pid), gen: cpuSeconds(child.pid) };
      child.send({ url: base, families: usable, connections, seconds: SECONDS });
      const reply = await nextMessage();
      if (!reply.ok) throw new Error(reply.error);
      const r = reply.result as StepResult;
      const wall = (performance.now() - t0) / 1000;
      const pct = (now: number, before: number) => `${((100 * (now - before)) / wall).toFixed(0)}%`;
      const api = cpuSeconds(process.pid) - cpu0.api;
      const java = cpuSeconds(stack.dynamo.pid) - cpu0.java;
      const perCallMs = (cpu: number) => ((1000 * cpu) / Math.max(1, r.requests)).toFixed(1);
      rows.push(
        `| ${connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.throttled} | ${pct(cpu0.api + api, cpu0.api)} | ${pct(cpu0.java + java, cpu0.java)} | ${pct(cpuSeconds(child.pid), cpu0.gen)} | ${perCallMs(api)} + ${perCallMs(java)} |`,
      );
      console.log(rows[rows.length - 1]);
      if (r.errors) console.log(`  statuses: ${JSON.stringify(r.statusCounts)}`);
      Object.assign(perCall, r.ddbPerCall);
    }
    console.log(`\n${rows.join('\n')}\n\n(p95 is autocannon's p97.5; errors are timeouts (10 s), connection errors and non-2xx other than 429; CPU is % of one core over the step, 200% is both cores; machine load ${loadavg()[0]!.toFixed(1)})\n`);
    console.log('| Call | DynamoDB requests per call (mean) |\n|---|---|');
    for (const m of MIX) console.log(`| ${m.name} | ${(perCall[m.name] ?? NaN).toFixed(2)} |`);
    const mean = MIX.reduce((s, m) => s + m.share * (perCall[m.name] ?? 0), 0);
    console.log(`| the mix | ${mean.toFixed(2)} |`);
  } finally {
    child?.kill();
    // Let the calls still in flight when the last step ended finish before DynamoDB Local stops.
    await new Promise((r) => setTimeout(r, 2000));
    await stack.stop();
  }
}

if (process.env.BENCH_LOAD_ROLE === 'client') await client();
else await main();
