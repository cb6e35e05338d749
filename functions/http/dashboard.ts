/** The parent dashboard (spec section 3's dashboard response), in a bounded number of requests. */
import { loadFamilyWeek } from '../data/planning/family-week';
import { familyAndClock } from './family-clock';
import { dashboardDto } from '../views/family-dtos';
import { createDomainHandler, parentSession } from '../lib/http';

export const handler = createDomainHandler('dashboard', {
  'GET /api/dashboard': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { clock, family } = await familyAndClock(familyId, ctx.now);
    return { body: dashboardDto(await loadFamilyWeek(familyId, clock, family)) };
  },
});
