/**
 * Watching the DynamoDB calls of the current process (the job runs in-process in the job tests and
 * the bench): which partition a call works on, and a hook before each call.
 */
import { db } from '../../functions/lib/db';

/** The partition key a call works on (the first key it names), from its un-marshalled input. */
export function partitionOf(input: any): string | undefined {
  const first = input?.TransactItems?.[0] ?? (Object.values(input?.RequestItems ?? {}) as any[][])[0]?.[0];
  const item = input?.Key ?? input?.Item ?? first?.Put?.Item ?? first?.Delete?.Key ?? first?.Update?.Key ?? first?.PutRequest?.Item ?? first?.DeleteRequest?.Key;
  const pk = item?.PK ?? input?.ExpressionAttributeValues?.[':pk'];
  return typeof pk === 'string' ? pk : undefined;
}

export interface DynamoCall {
  command: string;
  partition: string | undefined;
  input: any;
}

/**
 * Runs `around` for every DynamoDB call of this process: it gets the call and a `send` that makes
 * it, so it can act before, after, or instead. Returns the function that removes it.
 */
export function aroundDynamoCalls(around: (call: DynamoCall, send: () => Promise<unknown>) => Promise<unknown>): () => void {
  const name = `watch-${Math.random().toString(36).slice(2)}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const input = (args as { input: any }).input;
      return (await around({ command: String(context.commandName ?? ''), partition: partitionOf(input), input }, () => next(args))) as Awaited<ReturnType<typeof next>>;
    },
    { step: 'initialize', name },
  );
  return () => db().middlewareStack.remove(name);
}
