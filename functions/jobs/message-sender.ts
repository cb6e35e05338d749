/**
 * A dispatcher's way onto its queue (the Sunday job's and the reminders'): messages in
 * SendMessageBatch calls of ten, a bounded number in flight (the readers wait while all are busy),
 * what SQS refuses sent again with backoff; the ids it could not send are kept for the caller.
 */
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { backoffMs } from '../data/batch-write';
import { errorForLog, logger } from '../lib/logger';
import { sqs } from '../lib/sqs';

/** Sends messages in batches of ten with a bounded number of calls in flight. */
export class MessageSender {
  private buffer: { id: string; body: string }[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  sent = 0;
  readonly notSent: string[] = [];

  constructor(
    private readonly queueUrl: string,
    private readonly limits: { batchSize: number; sendConcurrency: number; sendAttempts: number },
  ) {}

  async add(id: string, body: string): Promise<void> {
    this.buffer.push({ id, body });
    if (this.buffer.length >= this.limits.batchSize) await this.sendBuffered();
  }

  async close(): Promise<void> {
    while (this.buffer.length) await this.sendBuffered();
    await Promise.all(this.inFlight);
  }

  private async sendBuffered(): Promise<void> {
    const batch = this.buffer.splice(0, this.limits.batchSize);
    const p: Promise<void> = this.send(batch).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    // Back-pressure: the readers wait while the senders are all busy.
    while (this.inFlight.size >= this.limits.sendConcurrency) await Promise.race(this.inFlight);
  }

  private async send(batch: { id: string; body: string }[]): Promise<void> {
    let pending: SendMessageBatchRequestEntry[] = batch.map((m, i) => ({ Id: `m${i}`, MessageBody: m.body }));
    const idOf = new Map(pending.map((e, i) => [e.Id!, batch[i]!.id]));
    for (let attempt = 0; pending.length && attempt < this.limits.sendAttempts; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoffMs(attempt + 2)));
      try {
        const out = await sqs().send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl, Entries: pending }));
        const failed = new Set((out.Failed ?? []).map((f) => f.Id));
        this.sent += pending.length - failed.size;
        pending = pending.filter((e) => failed.has(e.Id));
      } catch (err) {
        logger.warn('SendMessageBatch failed; sending again', { error: errorForLog(err), attempt, ids: pending.map((e) => idOf.get(e.Id!)) });
      }
    }
    this.notSent.push(...pending.map((e) => idOf.get(e.Id!)!));
  }
}

