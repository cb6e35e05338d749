import type { Construct } from 'constructs';

/** A context value (`-c name=value` or cdk.json) that must be a positive whole number when given. */
export function positiveIntContext(scope: Construct, name: string): number | undefined {
  const value: unknown = scope.node.tryGetContext(name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Context value ${name} must be a positive whole number, got ${String(value)}`);
  return n;
}
