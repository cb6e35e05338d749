/**
 * A throttled SES for tests and the bench: a real SESv2Client that forwards to the local SES
 * (aws-ses-v2-local) but, like SES above an account's quota, answers `TooManyRequestsException`
 * ("Maximum sending rate exceeded.") to sends beyond `enforcedRate` per second (a token bucket of
 * one second's worth), and answers GetAccount with `reportedRate` (the quota SES would report;
 * `enforcedRate` by default). Set it with `setSesClient` (functions/lib/mailer.ts). It counts what it
 * accepted and refused per recipient and kind, and can refuse chosen recipients for good.
 */
import { GetAccountCommand, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { localClientConfig } from '../../functions/lib/local-aws';

export interface ThrottledSesOptions {
  /** The local SES endpoint messages that pass are forwarded to. */
  endpoint: string;
  /** Sends per second accepted (SES's MaxSendRate). */
  enforcedRate: number;
  /** What GetAccount reports as MaxSendRate. @default enforcedRate */
  reportedRate?: number;
  /** Recipients refused for good (`MessageRejected`). */
  rejects?: (to: string) => boolean;
  clock?: () => number;
}

export interface SendRecord {
  to: string;
  kind: string;
  at: number;
  outcome: 'sent' | 'throttled' | 'rejected';
}

export class ThrottledSes extends SESv2Client {
  readonly log: SendRecord[] = [];
  private tokens: number;
  private last: number;
  private readonly forward: SESv2Client;

  constructor(readonly opts: ThrottledSesOptions) {
    super(localClientConfig(opts.endpoint));
    this.forward = new SESv2Client(localClientConfig(opts.endpoint));
    this.tokens = opts.enforcedRate;
    this.last = (opts.clock ?? Date.now)();
  }

  /** Takes a token if one is there (refilled at enforcedRate per second, at most one second's worth). */
  private take(): boolean {
    const now = (this.opts.clock ?? Date.now)();
    this.tokens = Math.min(this.opts.enforcedRate, this.tokens + ((now - this.last) / 1000) * this.opts.enforcedRate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  override send(command: any, ...rest: any[]): any {
    if (command instanceof GetAccountCommand) {
      return Promise.resolve({ $metadata: {}, SendQuota: { MaxSendRate: this.opts.reportedRate ?? this.opts.enforcedRate, Max24HourSend: 1_000_000, SentLast24Hours: 0 } });
    }
    if (command instanceof SendEmailCommand) {
      const input = command.input;
      const to = input.Destination?.ToAddresses?.[0] ?? '';
      const kind = input.EmailTags?.find((t) => t.Name === 'kind')?.Value ?? '';
      const at = Date.now();
      if (this.opts.rejects?.(to)) {
        this.log.push({ to, kind, at, outcome: 'rejected' });
        return Promise.reject(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
      }
      if (!this.take()) {
        this.log.push({ to, kind, at, outcome: 'throttled' });
        return Promise.reject(Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException' }));
      }
      this.log.push({ to, kind, at, outcome: 'sent' });
    }
    return (this.forward.send as (...a: unknown[]) => unknown)(command, ...rest);
  }

  /** Accepted sends per recipient of one kind. */
  sentTo(kind: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of this.log) if (r.kind === kind && r.outcome === 'sent') out.set(r.to, (out.get(r.to) ?? 0) + 1);
    return out;
  }

  count(outcome: SendRecord['outcome'], kind?: string): number {
    return this.log.filter((r) => r.outcome === outcome && (kind === undefined || r.kind === kind)).length;
  }

  override destroy(): void {
    this.forward.destroy();
    super.destroy();
  }
}
