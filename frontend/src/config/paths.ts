/**
 * The browser's page paths (spec section 2). API paths live in shared/routes.ts; these are the
 * screens the router shows.
 */
export const PATHS = {
  home: '/',
  parentLogin: '/parent-login',
  parentSignup: '/parent-signup',
  childLogin: '/child-login',
  chores: '/chores',
  children: '/children',
  weeklySchedule: '/weekly-schedule',
  printCalendar: '/print-calendar/:childId',
} as const;

export { PRODUCT_NAME } from '../../../shared/brand';
