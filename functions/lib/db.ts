import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appEnv } from './env';
import { localClientConfig } from './local-aws';

let client: DynamoDBDocumentClient | undefined;

/** One document client per container, reused across invocations. */
export function db(): DynamoDBDocumentClient {
  if (client) return client;
  const env = appEnv();
  const raw = new DynamoDBClient(
    env.dynamoEndpoint
      ? {
          ...localClientConfig(env.dynamoEndpoint),
          // Locally every handler and every worker batch share this one client (one Lambda each in AWS).
          requestHandler: { httpAgent: { maxSockets: 500 } },
        }
      : {
          // A write cannot stay in flight past the generation claim's margin (data/planning/generation-claim.ts).
          requestHandler: { requestTimeout: 10_000, connectionTimeout: 3_000 },
        },
  );
  raw.middlewareStack.add(
    (next) => async (args) => {
      const counter = requestCounter.getStore();
      if (counter) counter.count++;
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoRequests' },
  );
  client = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

export const tableName = (): string => appEnv().tableName;

/** Lets tests count requests or swap the client. */
export function setDbClient(next: DynamoDBDocumentClient | undefined): void {
  client = next;
}

/** Counts the DynamoDB requests (not retries) made while serving one API request. */
export const requestCounter = new AsyncLocalStorage<{ count: number }>();
