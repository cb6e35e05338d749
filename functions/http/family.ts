/** Contract placeholder: the routes of docs/account-api.md, implemented in the following commits. */
import { HttpError } from '../lib/errors';
import { createDomainHandler } from '../lib/http';

const notYet = () => Promise.reject(new HttpError(501, 'Not implemented yet'));

export const handler = createDomainHandler('family', {
  'PUT /api/family/time-zone': notYet,
  'GET /api/family/members': notYet,
  'POST /api/family/invitations': notYet,
  'DELETE /api/family/invitations/{id}': notYet,
  'DELETE /api/family/parents/{id}': notYet,
  'POST /api/family/leave': notYet,
  'DELETE /api/family': notYet,
});
