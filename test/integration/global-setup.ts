/** Starts the whole local stack (DynamoDB Local in memory, the local SES, the gateway) once for the integration run. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';

let stack: LocalStack | undefined;
let site: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Lets tests count the DynamoDB requests behind each API call (x-dynamodb-requests).
  process.env.EXPOSE_DYNAMO_REQUEST_COUNT = '1';
  // A stand-in web build, so page requests take the static path `npm start` serves.
  site = mkdtempSync(join(tmpdir(), 'chorequest-site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>ChoreQuest</title>');
  writeFileSync(join(site, 'assets', 'app-abc123.js'), 'console.log(1)');
  stack = await startLocalStack({ dataDir: null, staticDir: site });
  project.provide('baseUrl', stack.url);
  project.provide('dynamoEndpoint', stack.dynamo.endpoint);
  project.provide('tableName', stack.tableName);
  project.provide('sessionSecretFile', process.env.SESSION_SECRET_FILE!);
  project.provide('mailboxUrl', stack.mail.mailboxUrl);
  project.provide('sesEndpoint', stack.mail.endpoint);
  project.provide('mailFrom', process.env.MAIL_FROM!);
  project.provide('originSecretFile', process.env.ORIGIN_SECRET_FILE!);
  project.provide('linkSecretFile', process.env.LINK_SECRET_FILE!);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (site) rmSync(site, { recursive: true, force: true });
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
    originSecretFile: string;
    /** Signs unsubscribe links; tests that run the Sunday worker in their own process need it. */
    linkSecretFile: string;
  }
}
