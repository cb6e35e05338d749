/**
 * A local Web Push service (issue 32), for `npm start` and the tests: it takes what the `web-push`
 * library sends, as FCM or Mozilla's autopush would, and opens it as a browser would.
 *
 * - `POST /subscriptions` makes a subscription the way a browser's PushManager does: a P-256 key pair
 *   and an auth secret kept here, an endpoint on this service. Its JSON is a PushSubscription's
 *   (`endpoint`, `keys.p256dh`, `keys.auth`), so the app stores it through its own route.
 * - `POST /push/<id>` is the push service's endpoint (RFC 8030): it checks the VAPID authorization
 *   (RFC 8292: an ES256 JWT for this origin, signed by the key it names, not expired) and the TTL,
 *   decrypts the aes128gcm body with the subscription's keys (RFC 8291) and keeps the notification.
 *   Unknown or unsubscribed: 410 Gone, as real push services answer.
 * - `DELETE /subscriptions/<id>` unsubscribes (the browser dropped it): its next push gets 410.
 * - `POST /subscriptions/<id>/fail-next?status=503` answers its next push as a busy push service does.
 * - `GET /` shows every notification received (title, text, where a tap goes), newest first;
 *   `GET /notifications` gives them as JSON (the tests read them).
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import ece from 'http_ece';
import { jwtVerify } from 'jose';
import { escapeHtml } from '../../functions/lib/html';

export interface ReceivedPush {
  subscriptionId: string;
  receivedAt: string;
  /** The decrypted payload, parsed when it is JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
}

export interface LocalPushService {
  url: string;
  /** A new subscription, as a browser's `subscription.toJSON()` gives it. */
  subscribe: (label?: string) => { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  /** The browser drops the subscription: the next push to it is answered 410. */
  unsubscribe: (id: string) => void;
  received: (subscriptionId?: string) => ReceivedPush[];
  /** What the next push to a subscription is answered with instead (a busy push service: 429, 503). */
  failNext: (subscriptionId: string, status: number) => void;
  stop: () => Promise<void>;
}

interface Subscription {
  id: string;
  label: string;
  ecdh: ECDH;
  auth: Buffer;
  gone: boolean;
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // RFC 8030: a push service may refuse payloads over 4 KB; real ones do.
      if (size > 4096 + 200) req.destroy(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Checks `Authorization: vapid t=<jwt>, k=<public key>` for this origin; the reason when it fails. */
async function vapidProblem(header: string | undefined, origin: string): Promise<string | null> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'no VAPID authorization';
  const point = Buffer.from(m[2]!, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'the VAPID key is not an uncompressed P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  try {
    const { payload } = await jwtVerify(m[1]!, key, { algorithms: ['ES256'], audience: origin });
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) return 'the VAPID token must expire within 24 hours';
    if (typeof payload.sub !== 'string' || !/^(mailto:|https?:)/.test(payload.sub)) return 'the VAPID token has no contact (sub)';
    return null;
  } catch (err) {
    return `the VAPID token does not verify: ${(err as Error).message}`;
  }
}

function page(pushes: ReceivedPush[], subs: Map<string, Subscription>): string {
  const rows = pushes
    .map((p) => {
      const n = (p.payload ?? {}) as { title?: string; body?: string; url?: string };
      return `<li><strong>${escapeHtml(n.title ?? '')}</strong>: ${escapeHtml(n.body ?? JSON.stringify(p.payload))}<br><small>${escapeHtml(p.receivedAt)} · to ${escapeHtml(subs.get(p.subscriptionId)?.label ?? p.subscriptionId)} · opens ${escapeHtml(n.url ?? '/')}</small></li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Local push service</title><style>body{font:16px system-ui;margin:2rem;max-width:48rem}li{margin:.75rem 0}</style></head><body><h1>Local push service</h1><p>Every reminder ChoreQuest sent by Web Push, decrypted as a browser would. ${subs.size} subscription${subs.size === 1 ? '' : 's'}.</p><ul>${rows || '<li>Nothing yet.</li>'}</ul></body></html>`;
}

export async function startLocalPushService(opts: { port?: number; host?: string } = {}): Promise<LocalPushService> {
  const subs = new Map<string, Subscription>();
  const pushes: ReceivedPush[] = [];
  const failures = new Map<string, number>();
  let base = '';

  const subscribe = (label = 'Local device') => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const sub: Subscription = { id: randomUUID(), label, ecdh, auth: randomBytes(16), gone: false };
    subs.set(sub.id, sub);
    return { id: sub.id, endpoint: `${base}/push/${sub.id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: sub.auth.toString('base64url') } };
  };

  const send = (res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  const push = async (req: IncomingMessage, res: ServerResponse, id: string) => {
    const sub = subs.get(id);
    const body = await readBody(req);
    if (!sub || sub.gone) return send(res, 410, 'subscription gone');
    const fail = failures.get(id);
    if (fail) {
      failures.delete(id);
      return send(res, fail, 'busy');
    }
    const problem = await vapidProblem(req.headers.authorization, base);
    if (problem) return send(res, 403, problem);
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return send(res, 400, 'a TTL header is required');
    if (req.headers['content-encoding'] !== 'aes128gcm') return send(res, 415, 'only aes128gcm is accepted');
    let text: string;
    try {
      text = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth.toString('base64url') }).toString('utf8');
    } catch (err) {
      return send(res, 400, `cannot decrypt: ${(err as Error).message}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    pushes.push({ subscriptionId: id, receivedAt: new Date().toISOString(), payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, topic: (req.headers.topic as string | undefined) ?? null });
    res.writeHead(201, { location: `${base}/messages/${randomUUID()}` });
    res.end();
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const handle = async () => {
      if (req.method === 'POST' && url.pathname === '/subscriptions') {
        const raw = (await readBody(req)).toString('utf8');
        const label = raw ? (JSON.parse(raw) as { label?: string }).label : undefined;
        return send(res, 201, JSON.stringify(subscribe(label)), 'application/json');
      }
      const sub = /^\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && sub) {
        const s = subs.get(sub[1]!);
        if (s) s.gone = true;
        return send(res, 204, '');
      }
      // A busy push service for the next push to a subscription (429 or 5xx), for tests and trying things out.
      const fail = /^\/subscriptions\/([\w-]+)\/fail-next$/.exec(url.pathname);
      if (req.method === 'POST' && fail) {
        failures.set(fail[1]!, Number(url.searchParams.get('status') ?? 503));
        return send(res, 204, '');
      }
      const target = /^\/push\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && target) return push(req, res, target[1]!);
      if (req.method === 'GET' && url.pathname === '/notifications') {
        const only = url.searchParams.get('subscription');
        return send(res, 200, JSON.stringify(pushes.filter((p) => !only || p.subscriptionId === only)), 'application/json');
      }
      if (req.method === 'GET' && url.pathname === '/') return send(res, 200, page([...pushes].reverse(), subs), 'text/html; charset=utf-8');
      return send(res, 404, 'not found');
    };
    handle().catch((err: unknown) => send(res, 400, `bad request: ${(err as Error).message}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url: base,
    subscribe,
    unsubscribe: (id) => {
      const s = subs.get(id);
      if (s) s.gone = true;
    },
    received: (id) => pushes.filter((p) => !id || p.subscriptionId === id),
    failNext: (id, status) => void failures.set(id, status),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
