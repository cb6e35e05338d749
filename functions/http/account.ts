/** Contract placeholder: the routes of docs/account-api.md, implemented in the following commits. */
import { HttpError } from '../lib/errors';
import { createDomainHandler } from '../lib/http';

const notYet = () => Promise.reject(new HttpError(501, 'Not implemented yet'));

export const handler = createDomainHandler('account', {
  'GET /api/account': notYet,
  'PUT /api/account/profile': notYet,
  'PUT /api/account/password': notYet,
  'POST /api/account/email-change': notYet,
  'DELETE /api/account/email-change': notYet,
  'POST /api/account/verification-email': notYet,
  'PUT /api/account/weekly-report': notYet,
  'GET /api/email/unsubscribe': notYet,
  'POST /api/email/unsubscribe': notYet,
});
