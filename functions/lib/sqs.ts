import { SQSClient } from '@aws-sdk/client-sqs';
import { appEnv } from './env';
import { localClientConfig } from './local-aws';

let client: SQSClient | undefined;

/** One SQS client per container; locally it talks to the local queue (infra/local/queue.ts). */
export function sqs(): SQSClient {
  if (client) return client;
  const { sqsEndpoint } = appEnv();
  client = new SQSClient(
    sqsEndpoint
      ? localClientConfig(sqsEndpoint)
      : {},
  );
  return client;
}

/** Tests and the local launcher point the client elsewhere between runs. */
export function resetSqsClient(): void {
  client?.destroy();
  client = undefined;
}

/** Lets unit tests stub the client. */
export function setSqsClient(next: SQSClient | undefined): void {
  client = next;
}
