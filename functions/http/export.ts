/** Contract placeholder: the routes of docs/account-api.md, implemented in the following commits. */
import { HttpError } from '../lib/errors';
import { createDomainHandler } from '../lib/http';

const notYet = () => Promise.reject(new HttpError(501, 'Not implemented yet'));

export const handler = createDomainHandler('export', {
  'GET /api/family/export': notYet,
  'GET /api/family/export/completions.csv': notYet,
  'GET /api/family/export/payouts.csv': notYet,
});
