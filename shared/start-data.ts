/**
 * Issue 31: the page starts its data. A signed-in user's dashboard answer (CHILD_SCREEN_PATH: the
 * spec's week call, whose answer holds the user and the ongoing chores too; PARENT_SCREEN_PATH: the
 * spec's dashboard call, whose answer holds the parent, the chores and the waiting ticks too) is asked
 * for by a few bytes inline in the HTML's head, while the app's code is still on its way, instead of
 * after it has loaded and run. The app takes the answer over (frontend/src/api/session.ts).
 *
 * Only at `/` (the dashboards' address) and only when the sign-in hint cookie (shared/role-hint.ts,
 * readable by scripts, no secret in it) says who is signed in: nobody else's page asks for
 * anything, so a signed-out visit logs no 401. The script is allowed by its hash in the
 * Content-Security-Policy (`infra/security-headers.ts`), which otherwise allows no inline script.
 */

import { DEFAULT_MONEY } from './money';

/** Where the started request waits for the app: a `Promise<Response | null>` (null: the request failed). */
export const START_DATA_GLOBAL = '__chorequestScreen';

/** The child dashboard in one call: GET /api/child/assignments, whose answer holds the child-user and continuous answers too. */
export const CHILD_SCREEN_PATH = '/api/child/assignments';

/**
 * The header with which a screen's first call asks for the whole screen (`whole`): the child's
 * dashboard call then answers the goal card's savings and the money news' log too. Its refetches
 * after a tick (the spec's call, without it) stay the week with the user and the ongoing chores, so
 * a tick's refresh costs no more reads than before.
 */
export const SCREEN_HEADER = 'X-ChoreQuest-Screen';
export const WHOLE_SCREEN = 'whole';

/** The parent dashboard (and children page) in one call: GET /api/dashboard, whose answer holds the parent-user, chores, approvals and earnings-history answers too. */
export const PARENT_SCREEN_PATH = '/api/dashboard';

/**
 * The id of a JSON data block (`<script type="application/json">`, never run, so outside the CSP)
 * that `app.html` holds before the inline script: `{ "parent": [...], "child": [...] }`, the files
 * of each dashboard's code that the shell does not load already (frontend/vite.config.ts). The
 * script preloads the signed-in role's, so a dashboard's code downloads while the page is parsed,
 * instead of after the app has run and asked for it, one import after another.
 */
export const DASHBOARD_CODE_ID = 'cq-dashboard-code';

/**
 * The locale data a dashboard's first render needs, loaded while the page waits for its code: the
 * first `localeCompare` (chore names in order) and the first currency formatter (every amount) each
 * make the browser load ICU data, which took ~35 ms each on a phone-speed CPU inside one render
 * (two long tasks after the first paint). Warmed in an idle moment of the download, they are there
 * when the render asks. The default money format (shared/money.ts DEFAULT_MONEY); another family's
 * locale still finds most of the data loaded.
 */
const { locale: WARM_LOCALE, currency: WARM_CURRENCY } = DEFAULT_MONEY;

/** The inline script, exactly as the HTML holds it (its SHA-256 is in the CSP). */
export const START_DATA_SCRIPT =
  `(function(){var m=location.pathname==='/'&&/(?:^|;\\s*)(?:__Host-)?cq_role=(child|parent)(?:;|$)/.exec(document.cookie);if(!m)return;` +
  `window.${START_DATA_GLOBAL}=fetch(m[1]==='child'?'${CHILD_SCREEN_PATH}':'${PARENT_SCREEN_PATH}',{credentials:'include',headers:{'${SCREEN_HEADER}':'${WHOLE_SCREEN}'}}).catch(function(){return null});` +
  `try{var c=document.getElementById('${DASHBOARD_CODE_ID}');(c?JSON.parse(c.textContent)[m[1]]:[]).forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)})}catch(e){}` +
  `(window.requestIdleCallback||setTimeout)(function(){try{'\\u00e4'.localeCompare('\\u0101');new Intl.NumberFormat('${WARM_LOCALE}',{style:'currency',currency:'${WARM_CURRENCY}'}).format(1)}catch(e){}})})();`;
