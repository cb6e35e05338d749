/**
 * "Download our data" (issue 11): the whole family as one JSON file, its completions and payouts as
 * CSV files. Each is built from one paginated Query of the family's partition (no scan; a family of
 * 5,000 items is about 3 pages) and answered as an attachment named for the family and the day.
 */
import { getFamily, getParent, type FamilyItem } from '../data/family/accounts';
import * as keys from '../data/keys';
import { queryAll } from '../data/query';
import { sortFamilyItems, type FamilyItems } from '../data/family/family-items';
import { completionsCsv, familyExport, fileNamePart, payoutsCsv } from '../views/family-export';
import { API_ERRORS } from '../../shared/messages';
import { familyClock } from '../../shared/time';
import { Unauthorized } from '../lib/errors';
import { createDomainHandler, parentSession, type HttpResult, type RequestContext } from '../lib/http';

/** The family's items by kind, and the base of the file names (`chorequest-rivera-family-2026-05-03`). */
async function readFamily(ctx: RequestContext): Promise<{ items: FamilyItems; name: (what: string, ext: string) => string }> {
  const { familyId, userId } = parentSession(ctx);
  const [family, parent, all] = await Promise.all([
    getFamily(familyId),
    getParent(familyId, userId),
    queryAll<{ type?: string } & Record<string, unknown>>(keys.familyPk(familyId), { all: true }),
  ]);
  if (!family || !parent) throw new Unauthorized(API_ERRORS.notSignedIn);
  const today = familyClock(ctx.now, family.timeZone).today;
  const who = fileNamePart(parent.lastName);
  return {
    items: sortFamilyItems(family as FamilyItem, all),
    name: (what, ext) => `chorequest-${who ? `${who}-` : ''}${what}-${today}.${ext}`,
  };
}

const CSV = 'text/csv; charset=utf-8';

export const handler = createDomainHandler('export', {
  'GET /api/family/export': async (ctx): Promise<HttpResult> => {
    const { items, name } = await readFamily(ctx);
    return { file: { content: `${JSON.stringify(familyExport(items, ctx.now), null, 2)}\n`, contentType: 'application/json; charset=utf-8', filename: name('family', 'json') } };
  },
  'GET /api/family/export/completions.csv': async (ctx): Promise<HttpResult> => {
    const { items, name } = await readFamily(ctx);
    return { file: { content: completionsCsv(items), contentType: CSV, filename: name('completions', 'csv') } };
  },
  'GET /api/family/export/payouts.csv': async (ctx): Promise<HttpResult> => {
    const { items, name } = await readFamily(ctx);
    return { file: { content: payoutsCsv(items), contentType: CSV, filename: name('payouts', 'csv') } };
  },
});
