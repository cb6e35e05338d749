import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SETTING = fileURLToPath(new URL('./zod-without-eval.ts', import.meta.url));

/**
 * Runs zod in a fresh Node process (zod reads its settings once, when it first loads) and counts
 * the `new Function` calls it makes while parsing an object, the probe our CSP would refuse.
 */
function functionsBuiltByZod(withSetting: boolean): number {
  const script = `
    let built = 0;
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, { construct(target, args) { built += 1; return Reflect.construct(target, args); } });
    ${withSetting ? `await import(${JSON.stringify(SETTING)});` : ''}
    const z = await import('zod');
    const schema = z.object({ name: z.string(), age: z.number() });
    for (let i = 0; i < 3; i += 1) schema.parse({ name: 'Ava', age: 9 });
    console.log(JSON.stringify({ built }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return (JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { built: number }).built;
}

describe('zod without eval', () => {
  it('stops zod from building parsers with new Function, without importing zod itself', () => {
    expect(functionsBuiltByZod(true)).toBe(0);
  });

  it('does not import zod, so pages without a form do not load it', () => {
    expect(readFileSync(SETTING, 'utf8')).not.toMatch(/\bimport\b[^;]*['"]zod/);
  });

  it('is what stops it: without the setting zod probes and compiles with new Function', () => {
    expect(functionsBuiltByZod(false)).toBeGreaterThan(0);
  });
});
