/**
 * The deployed-bundles test's calls: API Gateway HTTP API v2 events through the edge (a visitor with
 * cookies), the SQS and EventBridge events the jobs receive, and reads of what they wrote. The
 * set-up they run against is in ./deployed-bundles.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, SQSRecord } from 'aws-lambda';
import { expect } from 'vitest';
import { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } from '../../../functions/lib/edge-header-names';
import { compilePath, ROUTES, routeKey, type RouteKey } from '../../../shared/routes';
import { type Json, LOCAL_APP_DOMAIN, LOCAL_TABLE_NAME, REGION, functions, doc, queues, received, isRef, localEnvironment, invoke } from './deployed-bundles';

// ---- HTTP: API Gateway HTTP API v2 events, through the edge ---------------------------------------

/** A browser session: cookies as the API set them. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  /** The viewer address CloudFront reports (one per visitor, so the per-address limits see visitors). */
  readonly address = `198.51.100.${Math.floor(Math.random() * 250) + 1}:${40_000 + Math.floor(Math.random() * 20_000)}`;

  /** Calls a route through its function; the answer's body parsed as JSON (`html: true`: as text, for the one page the API renders). */
  async call(key: RouteKey, opts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; html?: boolean } = {}): Promise<{ status: number; body: any; result: APIGatewayProxyStructuredResultV2 }> {
    const route = ROUTES.find((r) => routeKey(r) === key)!;
    const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(opts.params?.[p] ?? ''));
    expect(compilePath(route.path)(path), `${key}: ${path}`).not.toBeNull();
    const rawQueryString = new URLSearchParams(opts.query ?? {}).toString();
    const originSecret = readFileSync(originSecretFile(), 'utf8').trim();
    const headers: Record<string, string> = {
      host: 'abc123.execute-api.us-east-1.amazonaws.com',
      'x-forwarded-host': LOCAL_APP_DOMAIN,
      'sec-fetch-site': 'same-origin',
      origin: `https://${LOCAL_APP_DOMAIN}`,
      'user-agent': 'deployed-bundles-test',
      [CLIENT_ADDRESS_HEADER]: this.address,
      [ORIGIN_SECRET_HEADER]: originSecret,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const now = Date.now();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: key,
      rawPath: path,
      rawQueryString,
      ...(this.cookies.size ? { cookies: [...this.cookies].map(([k, v]) => `${k}=${v}`) } : {}),
      headers,
      ...(opts.query ? { queryStringParameters: opts.query } : {}),
      ...(opts.params ? { pathParameters: opts.params } : {}),
      requestContext: {
        accountId: '000000000000',
        apiId: 'abc123',
        domainName: headers.host!,
        domainPrefix: 'abc123',
        http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.0.1', userAgent: headers['user-agent']! },
        requestId: randomUUID(),
        routeKey: key,
        stage: '$default',
        time: new Date(now).toUTCString(),
        timeEpoch: now,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      isBase64Encoded: false,
    };
    const result = await invoke<APIGatewayProxyStructuredResultV2>(`http-${route.domain}`, event);
    for (const cookie of result.cookies ?? []) {
      const pair = cookie.split(';')[0]!;
      const eq = pair.indexOf('=');
      const [k, v] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (v) this.cookies.set(k, v);
      else this.cookies.delete(k);
    }
    const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString('utf8') : (result.body ?? '');
    if (opts.html) return { status: result.statusCode ?? 200, body: text, result };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${key} answered ${result.statusCode} with a body that is not JSON: ${text.slice(0, 300)}`);
    }
    return { status: result.statusCode ?? 200, body, result };
  }
}

export const originSecretFile = () => {
  const fn = functions.find((f) => f.name.startsWith('http-'))!;
  return localEnvironment(fn).ORIGIN_SECRET_FILE!;
};

/** The queue (logical id) a function's variable points at. */
export function queueOf(functionName: string, variable: string): string {
  const fn = functions.find((f) => f.name === functionName)!;
  const value = fn.variables[variable];
  if (!isRef(value) || !queues.has(value.Ref)) throw new Error(`${functionName}: ${variable} is not a Ref to a queue of the template`);
  return value.Ref;
}

/** Waits until the queue has got `count` more records than `before`, and returns the new ones. */
export async function newRecords(queueId: string, before: number, count = 1): Promise<SQSRecord[]> {
  const deadline = Date.now() + 10_000;
  while ((received.get(queueId)?.length ?? 0) < before + count) {
    if (Date.now() > deadline) throw new Error(`queue ${queueId}: ${(received.get(queueId)?.length ?? 0) - before} new messages, expected ${count}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return received.get(queueId)!.slice(before);
}
export const sentCount = (queueId: string) => received.get(queueId)?.length ?? 0;

export const scheduledEvent = (time: string, ruleName: string) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time,
  region: REGION,
  resources: [`arn:aws:events:${REGION}:000000000000:rule/${ruleName}`],
  detail: {},
});

/** SQS event as the event source mapping delivers it: the records as received, a first receive. */
export const sqsEvent = (records: SQSRecord[]) => ({ Records: records.map((r) => ({ ...r, attributes: { ...r.attributes, ApproximateReceiveCount: '1' } })) });

export async function familyItem(familyId: string): Promise<Json | undefined> {
  return (await doc.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: { PK: `FAMILY#${familyId}`, SK: 'PROFILE' }, ConsistentRead: true }))).Item;
}
