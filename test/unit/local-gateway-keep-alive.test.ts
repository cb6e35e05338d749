/**
 * The local gateway keeps an idle keep-alive connection open as long as CloudFront would (60 s), so a
 * client that reuses it after a pause finds it open. With Node's default (5 s) the server closed the
 * socket a test's API client was about to reuse: "socket hang up (ECONNRESET)", a flaky browser test.
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGateway } from '../../infra/local/gateway';

const server = createGateway({ handlers: {} as Parameters<typeof createGateway>[0]['handlers'] });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())));
afterAll(async () => {
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A GET of a file (503: no build is served here), and whether it went over a reused socket. */
function get(): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/missing.js', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle connection open past Node’s default 5 s, and above that, waits for headers longer than it keeps idle ones', async () => {
  expect((await get()).reused).toBe(false);
  // Node's default closed it between 5.5 and 6.5 s (and a client could still pick it at 5.5 s: the race).
  await new Promise((resolve) => setTimeout(resolve, 6_500));
  const again = await get();
  expect(again.status).toBe(503); // no build to serve in this test: the gateway's answer for files
  expect(again.reused).toBe(true);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
}, 15_000);
