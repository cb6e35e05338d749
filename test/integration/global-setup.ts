/** Starts the whole local stack (DynamoDB Local in memory, the local SES, the gateway) once for the integration run. */
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';

let stack: LocalStack | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Lets tests count the DynamoDB requests behind each API call (x-dynamodb-requests).
  process.env.EXPOSE_DYNAMO_REQUEST_COUNT = '1';
  stack = await startLocalStack({ dataDir: null });
  project.provide('baseUrl', stack.url);
  project.provide('dynamoEndpoint', stack.dynamo.endpoint);
  project.provide('tableName', stack.tableName);
  project.provide('sessionSecretFile', process.env.SESSION_SECRET_FILE!);
  project.provide('mailboxUrl', stack.mail.mailboxUrl);
  project.provide('sesEndpoint', stack.mail.endpoint);
  project.provide('mailFrom', process.env.MAIL_FROM!);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    sessionSecretFile: string;
    /** The local SES's mailbox page; test/support/mailbox.ts reads its /store. */
    mailboxUrl: string;
    /** The local SES endpoint, for tests that send through the mailer in their own process. */
    sesEndpoint: string;
    mailFrom: string;
  }
}
