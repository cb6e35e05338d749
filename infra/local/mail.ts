/**
 * The local SES: aws-ses-v2-local (npm) as a child process on 127.0.0.1, for `npm start`, the
 * end-to-end server and the integration tests. It speaks the SES v2 API the mailer uses
 * (`POST /v2/email/outbound-emails`), keeps every message in memory, shows them on a mailbox page
 * at its root URL and lists them as JSON at `/store` (test/support/mailbox.ts reads that).
 *
 * A child process rather than in-process: a request the package does not handle well (it has
 * a few unawaited promises) can end its process, and that must not take the app down with it.
 * If it exits unexpectedly it is started again on the same port (its mailbox starts empty).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { freePort } from './dynamo';

export interface LocalMail {
  /** The SES endpoint for the mailer (SES_ENDPOINT). */
  endpoint: string;
  /** The mailbox page to open in a browser; `/store` beneath it is the JSON the tests read. */
  mailboxUrl: string;
  /** The server's current process id (it changes when the server is started again). */
  pid: () => number | undefined;
  stop: () => Promise<void>;
}

export interface LocalMailOptions {
  /** @default a free port */
  port?: number;
  /** Told when the server ended on its own and is being started again. */
  onRestart?: (reason: string) => void;
}

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 15_000;
/** Restarts allowed within a minute before giving up (a server that cannot stay up is a real fault). */
const MAX_RESTARTS_PER_MINUTE = 3;

const cliPath = (): string => createRequire(import.meta.url).resolve('aws-ses-v2-local/dist/cli.js');

/**
 * The package does not report a port it cannot take (its process just stays up without a server),
 * so a port given by the caller is tried here first.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((res, rej) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      rej(new Error(`The local mail server cannot use port ${port} on ${HOST}: ${err.code === 'EADDRINUSE' ? 'it is in use' : err.message}`)),
    );
    probe.listen(port, HOST, () => probe.close(() => res()));
  });
}

export async function startLocalMail(opts: LocalMailOptions = {}): Promise<LocalMail> {
  if (opts.port) await assertPortFree(opts.port);
  const port = opts.port || (await freePort());
  const endpoint = `http://${HOST}:${port}`;
  let proc: ChildProcess;
  let stopping = false;
  const restarts: number[] = [];

  const launch = async (): Promise<void> => {
    let output = '';
    const child = spawn(process.execPath, [cliPath(), '--host', HOST, '--port', String(port)], {
      // No SMTP relay: nothing leaves the machine.
      env: { ...process.env, SMTP_TRANSPORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit);
      if (stopping || child !== proc) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
      const reason = `the local mail server ended (${signal ?? `exit code ${code}`})${output.trim() ? `: ${output.trim().split('\n').slice(-3).join(' | ')}` : ''}`;
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        opts.onRestart?.(`${reason}; it keeps ending, so it is not started again`);
        return;
      }
      opts.onRestart?.(`${reason}; starting it again`);
      launch().catch((err: unknown) => opts.onRestart?.(`the local mail server could not be started again: ${(err as Error).message}`));
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The local mail server (aws-ses-v2-local) exited at start on port ${port}:\n${output}`);
      }
      try {
        const res = await fetch(`${endpoint}/health-check`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The local mail server (aws-ses-v2-local) did not start within ${START_TIMEOUT_MS / 1000} s on port ${port}:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  await launch();
  return {
    endpoint,
    mailboxUrl: `${endpoint}/`,
    pid: () => proc.pid,
    stop: async () => {
      stopping = true;
      const child = proc;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
