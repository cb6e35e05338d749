/**
 * The pages of the weekly report's unsubscribe link (GET and POST /api/email/unsubscribe). A link
 * checker or a mail client's preview that fetches the link must not unsubscribe anyone, so GET only
 * shows a button; the button (and a mail provider's RFC 8058 one-click POST) unsubscribes. Served by
 * the API itself, self-contained: no script, styles inline, the form posts back to the same URL.
 */
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { BRAND, fontStack, PALETTE, PRODUCT_NAME } from '../../shared/brand';
import { escapeHtml as esc } from '../lib/html';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · ${PRODUCT_NAME}</title>
<style>
  body { margin: 0; background: ${BRAND.background}; color: ${PALETTE.textPrimary}; font-family: ${fontStack()}; }
  main { max-width: 32rem; margin: 10vh auto; padding: 2rem; background: ${PALETTE.paper}; border-radius: 16px; box-shadow: 0 2px 12px rgba(31, 26, 61, .08); }
  h1 { margin-top: 0; color: ${BRAND.purpleDark}; font-size: 1.5rem; }
  p { line-height: 1.5; color: ${PALETTE.textSecondary}; }
  button, .button { display: inline-block; padding: .75rem 1.5rem; border: 0; border-radius: 999px; background: ${BRAND.purple}; color: #fff; font: inherit; font-weight: 700; cursor: pointer; text-decoration: none; }
  button:focus-visible, a:focus-visible { outline: 3px solid ${BRAND.sun}; outline-offset: 2px; }
  a { color: ${BRAND.purpleDark}; }
</style>
</head>
<body>
<main>
  <p><strong>${PRODUCT_NAME}</strong></p>
  <h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/** GET: what the link shows a person; the button posts back to the same URL (token included). */
export const unsubscribeConfirmPage = (): string =>
  page(
    'Unsubscribe from the weekly report',
    `  <p>Stop getting the ${PRODUCT_NAME} weekly report by email? You can turn it back on at any time in your account settings.</p>
  <form method="post">
    <input type="hidden" name="List-Unsubscribe" value="One-Click">
    <button type="submit">Unsubscribe</button>
  </form>`,
  );

/** POST: done (also when it already was, or the account no longer exists). */
export const unsubscribedPage = (): string =>
  page(
    'You are unsubscribed',
    `  <p>You will not get the weekly report by email any more. To turn it back on, open your account settings in ${PRODUCT_NAME}.</p>
  <p><a class="button" href="${ACCOUNT_PAGES.account}">Account settings</a></p>`,
  );

/** A link that was not signed by us (cut short, or altered). */
export const unsubscribeInvalidPage = (message: string): string =>
  page('This link does not work', `  <p>${esc(message)}</p>\n  <p><a class="button" href="${ACCOUNT_PAGES.account}">Account settings</a></p>`);
