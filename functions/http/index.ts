/**
 * Domain → Lambda handler. The local gateway uses this map; CDK points each domain's function at
 * `functions/http/<domain>.ts`. Typed by `Domain`, so a domain without a handler fails `tsc`.
 */
import type { Domain } from '../../shared/routes';
import type { LambdaHandler } from '../lib/http';
import { handler as assignments } from './assignments';
import { handler as auth } from './auth';
import { handler as child } from './child';
import { handler as children } from './children';
import { handler as chores } from './chores';
import { handler as dashboard } from './dashboard';
import { handler as reports } from './reports';
import { handler as account } from './account';
import { handler as family } from './family';
import { handler as exportHandler } from './export';
import { handler as push } from './push';
import { handler as board } from './board';

export const domainHandlers: Record<Domain, LambdaHandler> = {
  auth,
  children,
  chores,
  assignments,
  dashboard,
  child,
  reports,
  account,
  family,
  export: exportHandler,
  push,
  board,
};
