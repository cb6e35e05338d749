/**
 * Domain → Lambda handler. The local gateway uses this map; CDK points each domain's function at
 * `functions/http/<domain>.ts`. Typed by `Domain`, so a domain without a handler fails `tsc`.
 */
import type { Domain } from '../../shared/routes';
import type { LambdaHandler } from '../lib/http';
import { handler as auth } from './auth';

export const domainHandlers: Record<Domain, LambdaHandler> = {
  auth,
};
