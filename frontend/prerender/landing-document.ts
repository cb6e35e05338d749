/**
 * Turns the built app shell (index.html as Vite wrote it) into the landing page's document: the
 * prerendered markup in #root, its CSS in <head>, and none of the app's scripts or preloads (the
 * landing page shows nothing they build). `extraHead` is added before </head> (the service-worker
 * registration). Pure string work, unit tested in landing-document.test.ts.
 */
const STYLE_TAG = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;
const APP_SCRIPT = /\s*<script type="module"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

export function landingDocument(shell: string, markup: string, extraHead = ''): string {
  const styles = [...new Set(markup.match(STYLE_TAG) ?? [])];
  const body = markup.replace(STYLE_TAG, '');
  if (!shell.includes('<div id="root"></div>')) throw new Error('The app shell has no empty <div id="root"></div>');
  return shell
    .replace(APP_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${styles.join('')}${extraHead}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}
