/**
 * Reading the local SES's mailbox (aws-ses-v2-local, infra/local/mail.ts) from tests, through its
 * HTTP interface: `GET /store` lists every message sent since the server started. For the
 * integration tests (the URL comes from `inject('mailboxUrl')`) and the end-to-end tests (the
 * server's MAIL_PORT). No test framework inside, so both can use it.
 *
 *   const before = await mailbox.cursor(email);
 *   await client.post('/api/auth/forgot-password', { email });
 *   const mail = await mailbox.waitFor(email, { after: before });
 *   const reset = linkTo(mail, '/reset-password');
 */

/** One sent message as the tests see it. */
export interface SentEmail {
  messageId: string;
  from: string;
  /** Recipient addresses (display names removed), lower-cased. */
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Extra header fields as sent (List-Unsubscribe, …). */
  headers: { name: string; value: string }[];
  /** When the server accepted it (whole seconds). */
  at: Date;
}

/** Which messages of an address a test has already seen. */
export type MailCursor = ReadonlySet<string>;

interface StoredEmail {
  messageId: string;
  from: string;
  replyTo?: string[];
  destination: { to?: string[]; cc?: string[]; bcc?: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
  at: number;
}

/** `Pat <pat@example.com>` → `pat@example.com`. */
export const bareAddress = (a: string): string => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase();

export class Mailbox {
  /** @param url the mailbox page, e.g. `http://127.0.0.1:8005/` */
  constructor(readonly url: string) {}

  /** Every message the server holds, oldest first. */
  async all(): Promise<SentEmail[]> {
    const res = await fetch(new URL('/store', this.url));
    if (!res.ok) throw new Error(`mailbox: GET /store answered ${res.status}`);
    const { emails } = (await res.json()) as { emails: StoredEmail[] };
    return emails.map((e) => ({
      messageId: e.messageId,
      from: e.from,
      to: (e.destination.to ?? []).map(bareAddress),
      cc: (e.destination.cc ?? []).map(bareAddress),
      bcc: (e.destination.bcc ?? []).map(bareAddress),
      replyTo: e.replyTo ?? [],
      subject: e.subject,
      text: e.body.text ?? '',
      html: e.body.html ?? '',
      headers: e.headers ?? [],
      at: new Date(e.at * 1000),
    }));
  }

  /** The messages addressed to `address` (To, Cc or Bcc), oldest first. */
  async to(address: string): Promise<SentEmail[]> {
    const a = bareAddress(address);
    return (await this.all()).filter((m) => m.to.includes(a) || m.cc.includes(a) || m.bcc.includes(a));
  }

  /** Marks what `address` has received so far; `waitFor(address, { after })` then returns only newer mail. */
  async cursor(address: string): Promise<MailCursor> {
    return new Set((await this.to(address)).map((m) => m.messageId));
  }

  /**
   * The first message to `address` not in `after` (and matching `match`), waiting for it to arrive.
   * Without `after`, the first message to the address at all.
   */
  async waitFor(address: string, opts: { after?: MailCursor; match?: (m: SentEmail) => boolean; timeoutMs?: number } = {}): Promise<SentEmail> {
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    for (;;) {
      const found = (await this.to(address)).find((m) => !opts.after?.has(m.messageId) && (opts.match?.(m) ?? true));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`mailbox: no new email to ${address} within ${opts.timeoutMs ?? 10_000} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Runs `action` and returns the first message it sent to `address`. */
  async next<T>(address: string, action: () => Promise<T>, opts: { match?: (m: SentEmail) => boolean; timeoutMs?: number } = {}): Promise<{ result: T; mail: SentEmail }> {
    const after = await this.cursor(address);
    const result = await action();
    return { result, mail: await this.waitFor(address, { ...opts, after }) };
  }

  /**
   * The messages to `address` newer than `after`, after waiting `forMs` for stragglers: for "no
   * mail was sent" (an unknown address asking for a reset) assert that this is empty.
   */
  async newSince(address: string, after: MailCursor, forMs = 500): Promise<SentEmail[]> {
    await new Promise((r) => setTimeout(r, forMs));
    return (await this.to(address)).filter((m) => !after.has(m.messageId));
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (s: string) => s.replace(/&(amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e]!);

/** Every http(s) link of a message: the HTML part's hrefs, then URLs in the text part; unique, in order. */
export function linksIn(mail: Pick<SentEmail, 'html' | 'text'>): string[] {
  const fromHtml = [...mail.html.matchAll(/\shref="([^"]*)"/g)].map((m) => decode(m[1]!));
  const fromText = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[.,;:!?)]+$/, ''));
  return [...new Set([...fromHtml, ...fromText])].filter((l) => /^https?:\/\//.test(l));
}

/** The first link of a message to a page path, e.g. `linkTo(mail, '/reset-password')`; throws when there is none. */
export function linkTo(mail: Pick<SentEmail, 'html' | 'text'>, pathname: string): URL {
  const found = linksIn(mail).map((l) => new URL(l)).find((u) => u.pathname === pathname);
  if (!found) throw new Error(`mailbox: no link to ${pathname} in the email; links: ${linksIn(mail).join(', ')}`);
  return found;
}

/** A header field's value (name case-insensitive), or undefined. */
export const headerOf = (mail: Pick<SentEmail, 'headers'>, name: string): string | undefined =>
  mail.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
