import { SQSClient } from '@aws-sdk/client-sqs';
import { appEnv } from './env';

let client: SQSClient | undefined;

/** One SQS client per container; locally it talks to the local queue (infra/local/queue.ts). */
export function sqs(): SQSClient {
  if (client) return client;
  const { sqsEndpoint } = appEnv();
  client = new SQSClient(
    sqsEndpoint
      ? { endpoint: sqsEndpoint, region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
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
