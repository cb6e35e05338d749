/**
 * The one e-mail layout: ChoreQuest's name and colours (shared/brand.ts), a table layout with
 * inline CSS that mail clients render (no <style> reliance, no images, no web fonts required),
 * and a plain-text twin built from the same content. Every value that goes into the HTML is
 * escaped here, so templates pass plain strings; URLs must be http(s).
 */
import { BRAND, fontStack, PALETTE, PRODUCT_NAME } from '../../shared/brand';
import { escapeHtml } from '../lib/html';
import type { EmailMessage } from '../lib/mailer';

/** Text in a paragraph: plain, or bold (names, addresses). */
export type Inline = string | { strong: string };

export interface TableColumn {
  label: string;
  /** Numbers read better right-aligned. @default 'left' */
  align?: 'left' | 'right';
  /** Keeps a short value ("4 of 7") on one line. */
  nowrap?: boolean;
}

export type Block =
  | { paragraph: Inline | readonly Inline[] }
  | { subheading: string }
  | {
      table: {
        /** Accessible name of the table and its line in the text part. */
        caption: string;
        columns: readonly TableColumn[];
        rows: readonly (readonly string[])[];
        /** A totals row. */
        footer?: readonly string[];
      };
    }
  /** Small print: how long a link works, what to do if the mail was not expected. */
  | { note: string };

export interface EmailContent {
  kind: string;
  subject: string;
  /** The preview line inboxes show after the subject. */
  preheader: string;
  heading: string;
  blocks: readonly Block[];
  /** The one button; the text part and a copy-this-link line carry its URL too. */
  action?: { label: string; url: string };
  /** Blocks after the button (small print). */
  after?: readonly Block[];
  /** Why the reader gets this e-mail. */
  footer: string;
  /**
   * A list-style e-mail (the weekly report): an unsubscribe link in the footer and RFC 8058's
   * one-click headers, whose POST to this URL must unsubscribe without further questions.
   */
  unsubscribe?: { url: string; label: string };
}

/** Control and bidi-override characters: in a name they could fake lines or reverse a subject. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** Removes characters no name or sentence needs; text stays text. */
export const clean = (s: string): string => s.replace(UNSAFE_CHARS, '');

/** One line for a subject or a header: whitespace (newlines too) collapsed. */
export const oneLine = (s: string): string => clean(s.replace(/\s+/g, ' ')).trim();

/** The URL if it is an absolute http(s) URL without credentials; throws otherwise (javascript:, data:, mailto:, relative). */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('E-mail links must be absolute http(s) URLs');
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password) {
    throw new Error('E-mail links must be absolute http(s) URLs');
  }
  return parsed.toString();
}

const esc = (s: string) => escapeHtml(clean(s));
const inlines = (p: Inline | readonly Inline[]): readonly Inline[] => (Array.isArray(p) ? p : [p as Inline]);
const inlineText = (p: Inline | readonly Inline[]) => inlines(p).map((i) => clean(typeof i === 'string' ? i : i.strong)).join('');
const inlineHtml = (p: Inline | readonly Inline[]) =>
  inlines(p).map((i) => (typeof i === 'string' ? esc(i) : `<strong style="color:${PALETTE.textPrimary};">${esc(i.strong)}</strong>`)).join('');

// ---- HTML ---------------------------------------------------------------------------------------
const FONT = `font-family:${fontStack("'")};`;
const TEXT = `${FONT}font-size:16px;line-height:24px;color:${PALETTE.textPrimary};`;
const SMALL = `${FONT}font-size:14px;line-height:21px;color:${PALETTE.textSecondary};`;
const CELL = `${FONT}font-size:15px;line-height:20px;color:${PALETTE.textPrimary};padding:8px 10px;border-bottom:1px solid ${PALETTE.divider};`;
const TABLE_ATTRS = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';

function blockHtml(block: Block): string {
  if ('paragraph' in block) return `<p style="margin:0 0 16px;${TEXT}">${inlineHtml(block.paragraph)}</p>`;
  if ('subheading' in block) {
    return `<h2 style="margin:28px 0 8px;${FONT}font-size:19px;line-height:26px;font-weight:800;color:${PALETTE.textPrimary};">${esc(block.subheading)}</h2>`;
  }
  if ('note' in block) return `<p style="margin:0 0 12px;${SMALL}">${esc(block.note)}</p>`;
  const { caption, columns, rows, footer } = block.table;
  const align = (i: number) => columns[i]?.align ?? 'left';
  // Header cells name their column, the first cell of a row names its row (screen readers read both).
  const row = (cells: readonly string[], part: 'head' | 'body' | 'foot', extra = '') =>
    `<tr>${cells
      .map((c, i) => {
        const tag = part === 'head' || i === 0 ? 'th' : 'td';
        const scope = part === 'head' ? ' scope="col"' : i === 0 ? ' scope="row"' : '';
        const weight = tag === 'th' || part === 'foot' ? 'font-weight:700;' : '';
        const wrap = part !== 'head' && columns[i]?.nowrap ? 'white-space:nowrap;' : '';
        return `<${tag}${scope} class="cq-cell" align="${align(i)}" style="${CELL}text-align:${align(i)};${weight}${wrap}${extra}">${esc(c)}</${tag}>`;
      })
      .join('')}</tr>`;
  return [
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 20px;">`,
    `<caption style="${SMALL}text-align:left;padding:0 0 6px;">${esc(caption)}</caption>`,
    `<thead>${row(columns.map((c) => c.label), 'head', `background-color:${BRAND.background};`)}</thead>`,
    `<tbody>${rows.map((r) => row(r, 'body')).join('')}</tbody>`,
    footer ? `<tfoot>${row(footer, 'foot')}</tfoot>` : '',
    `</table>`,
  ].join('');
}

function buttonHtml(action: { label: string; url: string }): string {
  const href = escapeHtml(safeUrl(action.url));
  return `<table ${TABLE_ATTRS} style="margin:8px 0 24px;"><tr><td align="center" bgcolor="${BRAND.purple}" style="border-radius:999px;background-color:${BRAND.purple};">
<a href="${href}" target="_blank" style="display:inline-block;padding:13px 28px;${FONT}font-size:16px;line-height:20px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:999px;">${esc(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 20px;${SMALL}">If the button does not work, copy this link into your browser:<br><a href="${href}" target="_blank" style="color:${BRAND.purple};word-break:break-all;">${href}</a></p>`;
}

/** The brand line above the card: a purple tile with the sunny star, then the name. */
const BRAND_HTML = `<table ${TABLE_ATTRS}><tr>
<td width="36" height="36" align="center" valign="middle" bgcolor="${BRAND.purple}" style="width:36px;height:36px;border-radius:9px;background-color:${BRAND.purple};color:${BRAND.sun};font-size:22px;line-height:36px;">&#9733;</td>
<td style="padding-left:10px;${FONT}font-size:22px;line-height:36px;font-weight:800;color:${PALETTE.textPrimary};letter-spacing:-0.2px;">${PRODUCT_NAME}</td>
</tr></table>`;

function renderHtml(c: EmailContent, subject: string): string {
  const unsubscribe = c.unsubscribe
    ? `<br><a href="${escapeHtml(safeUrl(c.unsubscribe.url))}" target="_blank" style="color:${PALETTE.textSecondary};text-decoration:underline;">${esc(c.unsubscribe.label)}</a>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${esc(subject)}</title>
<style>
  /* Phones: clients that read <style> get a tighter card; the inline styles are the fallback. */
  @media only screen and (max-width: 480px) {
    .cq-outer { padding: 16px 6px !important; }
    .cq-card { padding: 24px 16px !important; }
    .cq-cell { padding: 7px 4px !important; font-size: 14px !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background-color:${BRAND.background};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${BRAND.background};">${esc(oneLine(c.preheader))}${'&#847;&zwnj;&nbsp;'.repeat(40)}</div>
<table ${TABLE_ATTRS} width="100%" style="background-color:${BRAND.background};">
<tr><td class="cq-outer" align="center" style="padding:24px 12px;">
<table ${TABLE_ATTRS} width="100%" style="max-width:600px;">
<tr><td style="padding:0 4px 16px;">${BRAND_HTML}</td></tr>
<tr><td class="cq-card" style="background-color:${PALETTE.paper};border:1px solid ${PALETTE.divider};border-radius:20px;padding:32px 28px;">
<h1 style="margin:0 0 20px;${FONT}font-size:26px;line-height:32px;font-weight:800;color:${PALETTE.textPrimary};letter-spacing:-0.3px;">${esc(c.heading)}</h1>
${c.blocks.map(blockHtml).join('\n')}
${c.action ? buttonHtml(c.action) : ''}
${(c.after ?? []).map(blockHtml).join('\n')}
</td></tr>
<tr><td align="center" style="padding:20px 16px 8px;${FONT}font-size:13px;line-height:20px;color:${PALETTE.textSecondary};">${esc(c.footer)}${unsubscribe}</td></tr>
<tr><td align="center" style="padding:4px 16px 24px;${FONT}font-size:13px;line-height:20px;font-weight:700;color:${BRAND.purple};">${PRODUCT_NAME} &middot; chores, rewards and a week that plans itself</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

// ---- Plain text ---------------------------------------------------------------------------------
function blockText(block: Block): string {
  if ('paragraph' in block) return inlineText(block.paragraph);
  if ('subheading' in block) return `${clean(block.subheading)}\n${'-'.repeat(Math.min(clean(block.subheading).length, 60))}`;
  if ('note' in block) return clean(block.note);
  const { caption, columns, rows, footer } = block.table;
  // One line per row: "Emma: done 12 of 14, earned $6.50, …" reads well in any client.
  const line = (r: readonly string[]) =>
    `- ${clean(r[0] ?? '')}: ${r
      .slice(1)
      .map((cell, i) => `${clean(columns[i + 1]?.label ?? '').toLowerCase()} ${clean(cell)}`)
      .join(', ')}`;
  return [`${clean(caption)}:`, ...rows.map(line), ...(footer ? [line(footer)] : [])].join('\n');
}

function renderText(c: EmailContent): string {
  const parts = [
    clean(c.heading),
    ...c.blocks.map(blockText),
    ...(c.action ? [`${clean(c.action.label)}:\n${safeUrl(c.action.url)}`] : []),
    ...(c.after ?? []).map(blockText),
    '--',
    clean(c.footer),
    ...(c.unsubscribe ? [`${clean(c.unsubscribe.label)}: ${safeUrl(c.unsubscribe.url)}`] : []),
    PRODUCT_NAME,
  ];
  return `${parts.join('\n\n')}\n`;
}

/** Renders content into the message the mailer sends: subject, both parts, and any list headers. */
export function renderEmail(c: EmailContent): EmailMessage {
  const subject = oneLine(c.subject);
  const message: EmailMessage = { kind: c.kind, subject, text: renderText(c), html: renderHtml(c, subject) };
  if (c.unsubscribe) {
    message.headers = {
      'List-Unsubscribe': `<${safeUrl(c.unsubscribe.url)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  return message;
}

/** The greeting every e-mail opens with: "Hi Alex,", or "Hi there," without a first name. */
export const hi = (firstName: string | undefined): string => (firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi there,');
