/**
 * Turns the built app shell (index.html as Vite wrote it) into the prerendered documents. Pure
 * string work, unit tested in documents.test.ts.
 *
 * - The landing page: its markup in #root, its CSS in <head>, and none of the app's scripts or
 *   preloads (the landing page shows nothing they build).
 * - A sign-in page: its markup in #root, to be hydrated by the app. Its scripts start after the
 *   first paint (SIGN_IN_BOOT), so the form shows with the HTML; until the app has taken over, the
 *   page is inert and its fields read-only, so nothing typed is lost and no half-working form is
 *   submitted by the browser itself (that would put the password in the URL).
 */
const STYLE_TAG = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;
const APP_SCRIPT = /\s*<script type="module"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
const EMPTY_ROOT = '<div id="root"></div>';
/** MUI's dark scheme variables (theme.ts, `colorSchemeSelector: 'class'`): `.dark{--mui-…}`. */
const DARK_SCHEME_RULE = /(?:^|[}\s])\.dark\s*\{([^{}]*)\}/g;

const EMOTION_STYLE = /^<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>$/;

/**
 * Emotion writes each component's CSS beside its markup; a document wants it in <head>, once. The
 * components' styles (`data-emotion="css <name>"`) become one tag naming every style it holds, as
 * emotion names them: when the app starts, emotion adopts a tag by moving it, and each move of a
 * style element makes the browser take its sheet out and in again (~50 tags cost a sign-in page
 * ~40 ms of a phone's main thread). `data-s` tells emotion the tag is already out of React's way.
 * Global styles (`css-global <name>`) stay one tag each: each Global component adopts its own.
 */
function splitStyles(markup: string): { styles: string[]; body: string } {
  const tags = [...new Set(markup.match(STYLE_TAG) ?? [])];
  const names: string[] = [];
  const rules: string[] = [];
  const globals: string[] = [];
  for (const tag of tags) {
    const [, attribute = '', css = ''] = EMOTION_STYLE.exec(tag) ?? [];
    const [key, ...tagNames] = attribute.split(' ');
    if (key === 'css') {
      names.push(...tagNames);
      rules.push(css);
    } else {
      globals.push(tag);
    }
  }
  const merged = names.length > 0 ? [`<style data-emotion="css ${names.join(' ')}" data-s="">${rules.join('')}</style>`] : [];
  return { styles: [...globals, ...merged], body: markup.replace(STYLE_TAG, '') };
}

function fill(shell: string, head: string, body: string, rootAttributes = ''): string {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`The app shell has no empty ${EMPTY_ROOT}`);
  return shell
    .replace(APP_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    // Function replacements: the markup and CSS are inserted as they are (a string replacement
    // would read `$&` or `$'` in them as patterns).
    .replace('</head>', () => `${head}</head>`)
    .replace(EMPTY_ROOT, () => `<div id="root"${rootAttributes}>${body}</div>`);
}

/** The landing page's document. `extraHead` is added before </head> (the service-worker registration). */
export function landingDocument(shell: string, markup: string, extraHead = ''): string {
  const { styles, body } = splitStyles(markup);
  return fill(shell, `${styles.join('')}${extraHead}`, body);
}

/**
 * The dark scheme for a device set to dark, before the app has put its class on <html>: the app's
 * theme switches schemes by class (for its toggle), so the static page copies the `.dark` variables
 * under a media query. An explicit `light` class (the toggle's choice) still wins.
 */
export function darkSchemeBeforeApp(styles: string): string {
  const declarations = [...styles.matchAll(DARK_SCHEME_RULE)].map((m) => m[1]!.trim().replace(/;$/, '')).filter(Boolean);
  if (declarations.length === 0) throw new Error('No .dark colour-scheme rule in the prerendered styles');
  return `<style>@media (prefers-color-scheme: dark){:root:not(.light){${declarations.join(';')}}}</style>`;
}

export interface SignInBoot {
  /** The boot script's URL (SIGN_IN_BOOT, a hashed asset). */
  src: string;
  /** The app's entry module. */
  entry: string;
  /** Every module the entry and the page need, fetched in parallel once the boot starts. */
  preloads: string[];
}

/** A sign-in page's document: hydrated by the app, which starts after the first paint. */
export function signInDocument(shell: string, markup: string, boot: SignInBoot): string {
  const { styles, body } = splitStyles(markup);
  const css = styles.join('');
  const script = `<script src="${boot.src}" defer data-entry="${boot.entry}" data-preload="${boot.preloads.join(' ')}"></script>`;
  const readOnlyUntilHydrated = body.replace(/<(input|textarea)\b/g, '<$1 readonly="" data-until-hydrated=""');
  return fill(shell, `${css}${darkSchemeBeforeApp(css)}${script}`, readOnlyUntilHydrated, ' data-prerendered="" inert=""');
}

/** Shown by SIGN_IN_BOOT when the app cannot be loaded, after one reload. */
export const BOOT_FAILED_TEXT = 'ChoreQuest could not load. Check your connection and try again.';

/**
 * The sign-in pages' boot (a classic deferred script: it can read its own tag). After the first
 * paint it applies the colour scheme remembered on this device, preloads the app's modules in
 * parallel and imports the entry, which hydrates the page (main.tsx). If the app cannot be
 * loaded, it reloads the page once, then shows BOOT_FAILED_TEXT with a Reload button.
 */
export const SIGN_IN_BOOT = `(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var RETRIED = 'chorequest-boot-retried';
  var FAILED_TEXT = ${JSON.stringify(BOOT_FAILED_TEXT)};
  try {
    var mode = localStorage.getItem('mui-mode');
    if (mode === 'light' || mode === 'dark') document.documentElement.classList.add(mode);
  } catch (e) {}
  function start() {
    var links = document.createDocumentFragment();
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      links.appendChild(link);
    });
    document.head.appendChild(links);
    import(entry).then(
      function () {
        try { sessionStorage.removeItem(RETRIED); } catch (e) {}
      },
      failed
    );
  }
  // The app did not load (a dropped connection): the form would stay inert. Reload once; if that
  // fails too, say so, with a way to try again, outside the inert page.
  function failed() {
    try {
      if (!sessionStorage.getItem(RETRIED)) {
        sessionStorage.setItem(RETRIED, '1');
        location.reload();
        return;
      }
      sessionStorage.removeItem(RETRIED);
    } catch (e) {}
    var box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;left:16px;right:16px;bottom:16px;z-index:2000;display:flex;gap:12px;align-items:center;justify-content:space-between;padding:12px 16px;border-radius:12px;background:#2d2640;color:#fff;font:16px/1.4 system-ui,sans-serif';
    box.appendChild(document.createTextNode(FAILED_TEXT));
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Reload';
    button.style.cssText = 'font:inherit;font-weight:600;padding:8px 16px;border:0;border-radius:8px;background:#fff;color:#2d2640;cursor:pointer';
    button.addEventListener('click', function () { location.reload(); });
    box.appendChild(button);
    document.body.appendChild(box);
    button.focus();
  }
  // After the next frame is painted; a tab opened in the background paints no frame, so it starts now.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;
