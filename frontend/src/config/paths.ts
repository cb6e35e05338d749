import { ACCOUNT_PAGES } from '../../../shared/account-pages';

/**
 * The browser's page paths (spec section 2, and the account area of issue 11, whose paths the
 * server's e-mail links share: shared/account-pages.ts). API paths live in shared/routes.ts; these
 * are the screens the router shows.
 */
export const PATHS = {
  home: '/',
  parentLogin: '/parent-login',
  parentSignup: '/parent-signup',
  childLogin: '/child-login',
  chores: '/chores',
  children: '/children',
  weeklySchedule: '/weekly-schedule',
  /** The family's activity log (issue 19); `?child=` for one child. */
  activity: '/activity',
  printCalendar: '/print-calendar/:childId',
  /** The signed-in child's jars, goals and money history (issue 22). */
  childMoney: '/child/money',
  ...ACCOUNT_PAGES,
} as const;

export { PRODUCT_NAME } from '../../../shared/brand';
