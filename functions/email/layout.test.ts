import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/brand';
import { renderEmail, safeUrl, type EmailContent } from './layout';

const content = (over: Partial<EmailContent> = {}): EmailContent => ({
  kind: 'test',
  subject: 'Hello from ChoreQuest',
  preheader: 'A short preview',
  heading: 'Hello',
  blocks: [{ paragraph: 'First paragraph.' }],
  footer: 'You are getting this email because of a test.',
  ...over,
});

/** The tags the layout writes itself; anything else in the HTML came from a value. */
const LAYOUT_TAGS = new Set(['!doctype', 'html', 'head', 'meta', 'title', 'style', 'body', 'div', 'table', 'tr', 'td', 'th', 'a', 'p', 'h1', 'h2', 'strong', 'br', 'caption', 'thead', 'tbody', 'tfoot']);
const tagsIn = (html: string) => [...html.matchAll(/<\/?([!a-z0-9-]+)/gi)].map((m) => m[1]!.toLowerCase());

describe('renderEmail', () => {
  it('gives every message a text part and an HTML part with the product name and the brand colours', () => {
    const m = renderEmail(content({ action: { label: 'Open it', url: 'https://app.example/x' } }));

    expect(m.subject).toBe('Hello from ChoreQuest');
    expect(m.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(m.html).toContain('<title>Hello from ChoreQuest</title>');
    expect(m.html).toContain(BRAND.purple);
    expect(m.html).toContain(BRAND.background);
    expect(m.html).toContain('ChoreQuest</td>');
    expect(m.text).toBe(
      'Hello\n\nFirst paragraph.\n\nOpen it:\nhttps://app.example/x\n\n--\n\nYou are getting this email because of a test.\n\nChoreQuest\n',
    );
    expect(m.headers).toBeUndefined();
  });

  it('puts the preheader first in the body, hidden', () => {
    const m = renderEmail(content({ preheader: 'Peek <here>' }));
    expect(m.html).toMatch(/<body[^>]*>\n<div style="display:none;[^"]*">Peek &lt;here&gt;/);
  });

  it('makes the action a button and a copyable link, both escaped', () => {
    const m = renderEmail(content({ action: { label: 'Go & see', url: 'https://app.example/r?a=1&b=2#t=x' } }));
    expect(m.html).toContain('href="https://app.example/r?a=1&amp;b=2#t=x"');
    expect(m.html).toContain('>Go &amp; see</a>');
    expect(m.html.match(/href="https:\/\/app\.example\/r\?a=1&amp;b=2#t=x"/g)).toHaveLength(2);
    expect(m.text).toContain('Go & see:\nhttps://app.example/r?a=1&b=2#t=x');
  });

  it('escapes every value, in text and in attributes', () => {
    const name = `<img src=x onerror="alert(1)">'&`;
    const m = renderEmail(
      content({
        subject: `Hi ${name}`,
        heading: name,
        preheader: name,
        blocks: [{ paragraph: ['Hi ', { strong: name }] }, { subheading: name }, { note: name }, { table: { caption: name, columns: [{ label: name }], rows: [[name]], footer: [name] } }],
        action: { label: name, url: 'https://app.example/' },
        footer: name,
      }),
    );
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('onerror="');
    expect(m.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;');
    expect(m.text).toContain(name);
  });

  it('never lets a value add a tag (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const m = renderEmail(content({ subject: a || 'x', heading: a, blocks: [{ paragraph: [a, { strong: b }] }, { table: { caption: b, columns: [{ label: a }], rows: [[b]] } }], footer: b }));
        expect(tagsIn(m.html).filter((t) => !LAYOUT_TAGS.has(t))).toEqual([]);
      }),
    );
  });

  it('drops control and bidi-override characters from values and keeps the subject on one line', () => {
    const m = renderEmail(content({ subject: 'Pat\r\ninvited\tyou \u202Eevil', heading: 'A\u0007B\u2066C' }));
    expect(m.subject).toBe('Pat invited you evil');
    expect(m.html).toContain('>ABC</h1>');
    expect(m.text.startsWith('ABC\n')).toBe(true);
  });

  it('renders a table as a data table in HTML and one line per row in text', () => {
    const m = renderEmail(
      content({
        blocks: [
          {
            table: {
              caption: 'Last week',
              columns: [{ label: 'Child' }, { label: 'Done', align: 'right', nowrap: true }, { label: 'Earned', align: 'right' }],
              rows: [['Emma', '3 of 5', '$2.50']],
              footer: ['Family', '3 of 5', '$2.50'],
            },
          },
        ],
      }),
    );
    expect(m.html).toContain('<caption');
    expect(m.html).toMatch(/<th scope="col"[^>]*>Done<\/th>/);
    expect(m.html).toMatch(/<th scope="row"[^>]*>Emma<\/th>/);
    expect(m.html).toMatch(/<td class="cq-cell" align="right" style="[^"]*white-space:nowrap;[^"]*">3 of 5<\/td>/);
    expect(m.text).toContain('Last week:\n- Emma: done 3 of 5, earned $2.50\n- Family: done 3 of 5, earned $2.50');
  });

  it('adds the unsubscribe link and the RFC 8058 one-click headers for a list e-mail', () => {
    const m = renderEmail(content({ unsubscribe: { url: 'https://app.example/api/unsubscribe?token=a.b', label: 'Unsubscribe' } }));
    expect(m.headers).toEqual({
      'List-Unsubscribe': '<https://app.example/api/unsubscribe?token=a.b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(m.html).toContain('href="https://app.example/api/unsubscribe?token=a.b"');
    expect(m.text).toContain('Unsubscribe: https://app.example/api/unsubscribe?token=a.b');
  });

  it('writes an unsubscribe header in ASCII even for an international domain', () => {
    const m = renderEmail(content({ unsubscribe: { url: 'https://bücher.example/u?n=ü', label: 'Unsubscribe' } }));
    expect(m.headers!['List-Unsubscribe']).toBe('<https://xn--bcher-kva.example/u?n=%C3%BC>');
  });
});

describe('safeUrl', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@example.com', '/relative/path', 'ftp://files.example/x', 'https://user:pw@app.example/', 'not a url'])(
    'refuses %s',
    (url) => {
      expect(() => safeUrl(url)).toThrow(/absolute http\(s\) URLs/);
    },
  );

  it('accepts http and https', () => {
    expect(safeUrl('http://localhost:3000/x?y=1')).toBe('http://localhost:3000/x?y=1');
    expect(safeUrl('https://app.example/')).toBe('https://app.example/');
  });

  it('refuses a bad action URL when rendering', () => {
    expect(() => renderEmail(content({ action: { label: 'x', url: 'javascript:alert(1)' } }))).toThrow();
  });
});
