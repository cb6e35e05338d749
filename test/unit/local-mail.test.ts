/**
 * The local SES launcher (infra/local/mail.ts): a real aws-ses-v2-local child process on
 * 127.0.0.1, started, restarted after it dies, and stopped.
 */
import { createServer, type Server } from 'node:net';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalMail, type LocalMail } from '../../infra/local/mail';
import { Mailbox } from '../support/mailbox';

let mail: LocalMail | undefined;
afterEach(async () => {
  await mail?.stop();
  mail = undefined;
});

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

async function send(endpoint: string, to: string) {
  const client = new SESv2Client({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: 'ChoreQuest <hello@chorequest.test>',
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'text' }, Html: { Data: '<p>html</p>' } }, Headers: [{ Name: 'X-Test', Value: 'yes' }] } },
    }),
  );
  client.destroy();
}

// Each test starts a real process (Node and the mail server take a few seconds on a busy machine);
// the restart test waits up to 15 s for the new one, so the tests may take longer than vitest's 5 s.
describe('local SES', { timeout: 30_000 }, () => {
  it('listens on 127.0.0.1, takes SES v2 SendEmail and lists the message at /store', async () => {
    mail = await startLocalMail();
    expect(mail.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mail.mailboxUrl).toBe(`${mail.endpoint}/`);

    await send(mail.endpoint, 'kid@example.com');

    const [m] = await new Mailbox(mail.mailboxUrl).to('kid@example.com');
    expect(m).toMatchObject({ subject: 'Hi', text: 'text', html: '<p>html</p>', headers: [{ name: 'X-Test', value: 'yes' }] });
    expect((await fetch(mail.mailboxUrl)).headers.get('content-type')).toMatch(/text\/html/);
  });

  it('is started again on the same port when it dies', async () => {
    const reasons: string[] = [];
    mail = await startLocalMail({ onRestart: (r) => reasons.push(r) });
    const first = mail.pid();

    process.kill(first!, 'SIGKILL');
    const deadline = Date.now() + 15_000;
    while (!(mail.pid() !== first && (await fetch(`${mail.endpoint}/health-check`).then((r) => r.ok, () => false)))) {
      if (Date.now() > deadline) throw new Error('not restarted');
      await new Promise((r) => setTimeout(r, 100));
    }

    expect(reasons).toEqual([expect.stringMatching(/the local mail server ended \(SIGKILL\).*starting it again/)]);
    await send(mail.endpoint, 'again@example.com');
    expect(await new Mailbox(mail.mailboxUrl).to('again@example.com')).toHaveLength(1);
  });

  it('ends its process on stop', async () => {
    mail = await startLocalMail();
    const pid = mail.pid();
    await mail.stop();
    expect(alive(pid)).toBe(false);
    await expect(fetch(`${mail.endpoint}/health-check`)).rejects.toThrow();
  });

  it('says which port it could not take', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startLocalMail({ port })).rejects.toThrow(`The local mail server cannot use port ${port} on 127.0.0.1: it is in use`);
    } finally {
      blocker.close();
    }
  });
});
