/**
 * The parent dashboard (spec section 3's dashboard response), in a bounded number of requests. Since
 * issue 31 its answer is the parent's dashboard and children page whole (ParentScreenDto): one call
 * where the screens made three to four plus one per child.
 */
import { getParent } from '../data/family/accounts';
import { loadParentScreen } from '../data/planning/family-week';
import { DEFAULT_HISTORY_WEEKS } from '../domain/earnings-history';
import { familyAndClock } from './family-clock';
import { parentScreenDto } from '../views/family-dtos';
import { parentUserDto } from '../views/user-dtos';
import { createDomainHandler, parentSession } from '../lib/http';

export const handler = createDomainHandler('dashboard', {
  'GET /api/dashboard': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const [{ clock, family }, parent] = await Promise.all([familyAndClock(familyId, ctx.now), getParent(familyId, userId)]);
    // The spec's dashboard with who is signed in, the chores, the waiting ticks and the children's
    // earnings histories beside it (the children page's default 12 weeks). A parent item that is
    // gone leaves the user out rather than failing the dashboard: parent-user says the session ended.
    const data = await loadParentScreen(familyId, clock, family, DEFAULT_HISTORY_WEEKS);
    return { body: parentScreenDto(data, parent ? parentUserDto(parent, family) : undefined) };
  },
});
