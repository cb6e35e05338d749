/**
 * The family as a whole (issue 11, docs/account-api.md): its time zone, its parents and invitations,
 * leaving it, and deleting it. Every parent manages everything; removing another parent and
 * deleting the family are the owner's (the creator, or who took over when the creator left:
 * docs/decisions/041-co-parents-and-ownership.md).
 */
import type { ApprovalSettingsDto, FamilyDeletionDto, FamilyPauseDto, FamilyMembersDto, FamilySettingsDto, InvitationDto, MoneySettingsDto } from '../../shared/api-types';
import { API_ERRORS } from '../../shared/messages';
import { approvalDefaultSchema, deleteFamilySchema, familyPauseInputSchema, invitationSchema, timeZoneSchema } from '../../shared/schemas';
import { familyPauseOf, setFamilyPause } from '../data/family/household-settings';
import { setFamilyMoney } from '../data/family/money-settings';
import { moneySettingsInputSchema, SAVINGS_MESSAGES } from '../../shared/savings-schemas';
import { familyClock } from '../../shared/time';
import { familyMoney, getFamily, getParent, setApprovalByDefault, getParentLogin, isOwner, MAX_PARENTS, parentName, type FamilyItem, type ParentItem } from '../data/family/accounts';
import { listChildren } from '../data/family/children';
import { createInvitation, deleteInvitation, listMembers, MAX_PENDING_INVITATIONS, removeFromFamily, type InvitationItem } from '../data/family/co-parents';
import { markFamilyForDeletion } from '../data/family/family-deletion';
import { setFamilyTimeZone } from '../data/family/family-time-zone';
import { normaliseEmail } from '../data/keys';
import { endAllSessionsOfFamily } from '../data/family/sessions';
import { ACCOUNT_LIMITS } from '../data/family/throttles';
import { beginLoginAttempt, limitChosenRecipientEmail } from './limits';
import { sendInvitation } from '../email/account-mail';
import { LINK_LIFETIME_SECONDS } from '../email/links';
import { queueFamilyDeletion } from '../lib/family-deletion-queue';
import { clientAddress } from '../lib/edge-headers';
import { BadRequest, Conflict, Forbidden, HttpError, NotFound, Unauthorized } from '../lib/errors';
import { createDomainHandler, parentSession, validate, type RequestContext } from '../lib/http';
import { logger } from '../lib/logger';
import { verifyPassword } from '../lib/passwords';
import { signedOutCookies } from '../lib/session';
import { familyBoardRoutes } from './family-boards';

const invitationDto = (i: InvitationItem): InvitationDto => ({
  id: i.invitationId,
  email: i.email,
  invitedBy: i.inviterName,
  createdAt: i.createdAt,
  expiresAt: new Date(i.expiresAt * 1000).toISOString(),
});

/** The caller's parent and family items, read consistently (membership changes check against them). */
async function me(ctx: RequestContext): Promise<{ parent: ParentItem; family: FamilyItem }> {
  const { familyId, userId } = parentSession(ctx);
  const [parent, family] = await Promise.all([getParent(familyId, userId, true), getFamily(familyId, true)]);
  if (!parent || !family) throw new Unauthorized(API_ERRORS.notSignedIn);
  if (family.deletion) throw new Conflict(API_ERRORS.familyDeleting);
  return { parent, family };
}

export const handler = createDomainHandler('family', {
  'PUT /api/family/approvals': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { approvalByDefault } = validate(approvalDefaultSchema, ctx.body);
    if (!(await setApprovalByDefault(familyId, approvalByDefault))) throw new Conflict(API_ERRORS.familyDeleting);
    const body: ApprovalSettingsDto = { approvalByDefault };
    return { body };
  },

  // Issue 22: the family's currency, locale and jars. Changing the currency relabels every stored
  // amount (1250 cents become 1250 yen), it converts nothing: the settings screen says so first.
  'GET /api/family/money': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const family = await getFamily(familyId);
    if (!family) throw new Unauthorized(API_ERRORS.notSignedIn);
    const body: MoneySettingsDto = familyMoney(family);
    return { body };
  },

  'PUT /api/family/money': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const input = validate(moneySettingsInputSchema, ctx.body);
    // Turning jars on or off changes where goals save from (the save jar / earnings since saving
    // began): refused while a child is saving toward a goal, so no saving is counted twice or lost.
    // The write is conditional on what the check read: a goal set in between makes it look again.
    let outcome: Awaited<ReturnType<typeof setFamilyMoney>> = 'changed';
    for (let attempt = 1; outcome === 'changed' && attempt <= 3; attempt++) {
      let read: Parameters<typeof setFamilyMoney>[2];
      if (input.jars !== undefined) {
        // The family first, then its children, both as they are now: a goal set after the first read
        // changes goalsMade (the write then fails), one set before it is among the children read.
        const family = await getFamily(familyId, true);
        const children = await listChildren(familyId, true);
        if (!family) throw new Unauthorized(API_ERRORS.notSignedIn);
        if (family.deletion) throw new Conflict(API_ERRORS.familyDeleting);
        read = { jarsWereOn: family.jars !== undefined, goalsMade: family.goalsMade };
        const saving = children.filter((c) => (c.activeGoals ?? 0) > 0).map((c) => c.displayName);
        if (read.jarsWereOn !== (input.jars !== null) && saving.length) throw new Conflict(SAVINGS_MESSAGES.jarsSwitchWithGoals(saving.length > 1 ? `${saving.slice(0, -1).join(', ')} and ${saving.at(-1)}` : saving[0]!));
      }
      outcome = await setFamilyMoney(familyId, input, read);
    }
    if (outcome === 'gone') throw new Conflict(API_ERRORS.familyDeleting);
    if (outcome === 'changed') throw new Conflict(API_ERRORS.earningsChanged);
    if (outcome) return { body: outcome };
    // Nothing to change: the settings as they are.
    const family = await getFamily(familyId);
    if (!family) throw new Unauthorized(API_ERRORS.notSignedIn);
    if (family.deletion) throw new Conflict(API_ERRORS.familyDeleting);
    const body: MoneySettingsDto = familyMoney(family);
    return { body };
  },

  // Issue 21: the whole family's pause (a vacation): nothing is generated on its days.
  'GET /api/family/pause': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const family = await getFamily(familyId);
    if (!family) throw new Unauthorized(API_ERRORS.notSignedIn);
    const body: FamilyPauseDto = { pause: familyPauseOf(family) };
    return { body };
  },

  'PUT /api/family/pause': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const range = validate(familyPauseInputSchema, ctx.body);
    const pause = { from: range.from, ...(range.to !== undefined ? { to: range.to } : {}) };
    if ((await setFamilyPause(familyId, pause)) === 'gone') throw new Conflict(API_ERRORS.familyDeleting);
    const body: FamilyPauseDto = { pause };
    return { body };
  },

  'DELETE /api/family/pause': async (ctx) => {
    const { familyId } = parentSession(ctx);
    if ((await setFamilyPause(familyId, null)) === 'gone') throw new Conflict(API_ERRORS.familyDeleting);
    const body: FamilyPauseDto = { pause: null };
    return { body };
  },

  'PUT /api/family/time-zone': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { timeZone } = validate(timeZoneSchema, ctx.body);
    const outcome = await setFamilyTimeZone(familyId, timeZone, ctx.now);
    if (outcome.status !== 'changed') {
      if (outcome.status === 'busy') throw new Conflict(API_ERRORS.generationBusy);
      if (outcome.status === 'deleting') throw new Conflict(API_ERRORS.familyDeleting);
      throw new Unauthorized(API_ERRORS.notSignedIn);
    }
    const body: FamilySettingsDto = {
      ...familyClock(ctx.now, outcome.family.timeZone),
      nextRunWeekStart: outcome.next.weekStart,
      nextRunAt: `${outcome.next.dueHour}:00:00.000Z`,
    };
    return { body };
  },

  'GET /api/family/members': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const [family, members] = await Promise.all([getFamily(familyId), listMembers(familyId, ctx.now)]);
    if (!family) throw new Unauthorized(API_ERRORS.notSignedIn);
    const owner = (p: ParentItem) => isOwner(family, p.parentId);
    const body: FamilyMembersDto = {
      parents: [...members.parents]
        .sort((a, b) => Number(owner(b)) - Number(owner(a)))
        .map((p) => ({
          id: p.parentId,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          emailVerified: p.emailVerified === true,
          isOwner: owner(p),
          isYou: p.parentId === userId,
          joinedAt: p.createdAt,
        })),
      invitations: members.invitations.map(invitationDto),
      isOwner: isOwner(family, userId),
      limits: { maxParents: MAX_PARENTS, maxPendingInvitations: MAX_PENDING_INVITATIONS },
    };
    return { body };
  },

  'POST /api/family/invitations': async (ctx) => {
    const email = normaliseEmail(validate(invitationSchema, ctx.body).email);
    const { parent, family } = await me(ctx);
    // Someone who signed up with another person's address must not plant a co-parent before the
    // owner of the address turns up (issue 17): inviting takes a confirmed address.
    if (!parent.emailVerified) throw new Forbidden(API_ERRORS.confirmBeforeInviting);
    // Each invitation e-mails an address the family chose: counted per client address, per family
    // (a day's budget) and per recipient across families, before anything is looked up, so the
    // answers below (already a parent, has an account) are bounded as well (docs/security.md).
    await limitChosenRecipientEmail([ACCOUNT_LIMITS.invitations, family.familyId], email, clientAddress(ctx.event).key);
    const members = await listMembers(family.familyId, ctx.now, true);
    if (members.parents.some((p) => p.email === email)) throw new Conflict(API_ERRORS.alreadyParent);
    if (members.parents.length >= MAX_PARENTS) throw new Conflict(API_ERRORS.tooManyParents);
    const sameAddress = members.invitations.filter((i) => i.email === email);
    if (members.invitations.length - sameAddress.length >= MAX_PENDING_INVITATIONS) throw new Conflict(API_ERRORS.tooManyInvitations);
    // A login belongs to one family: say so now rather than when the invitation is accepted.
    const login = await getParentLogin(email);
    if (login) throw new Conflict(login.familyId === family.familyId ? API_ERRORS.alreadyParent : API_ERRORS.invitedHasAccount);
    const inviter = { ...parent, name: parentName(parent) };
    const created = await createInvitation(inviter, email, sameAddress, LINK_LIFETIME_SECONDS.invitation, ctx.now);
    if (!created) throw new Conflict(API_ERRORS.familyDeleting);
    const children = await listChildren(family.familyId);
    try {
      await sendInvitation(email, inviter.name, children.map((c) => c.displayName).sort((a, b) => a.localeCompare(b)), created.token);
    } catch {
      // Nobody got the link: no invitation is left open (the mailer has logged why).
      await deleteInvitation(created.key);
      throw new HttpError(503, API_ERRORS.emailNotSent);
    }
    return { status: 201, body: invitationDto(created.invitation) };
  },

  'DELETE /api/family/invitations/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const { invitations } = await listMembers(familyId, ctx.now, true);
    const found = invitations.find((i) => i.invitationId === ctx.params.id);
    if (!found || !(await deleteInvitation(found))) throw new NotFound(API_ERRORS.invitationNotFound);
    return { body: { id: found.invitationId, revoked: true } };
  },

  'DELETE /api/family/parents/{id}': async (ctx) => {
    const { parent, family } = await me(ctx);
    if (!isOwner(family, parent.parentId)) throw new Forbidden(API_ERRORS.ownerOnlyRemove);
    const target = await getParent(family.familyId, ctx.params.id ?? '', true);
    if (!target) throw new NotFound(API_ERRORS.parentNotFound);
    if (target.parentId === parent.parentId) throw new BadRequest(API_ERRORS.removeSelf);
    const outcome = await removeFromFamily(target, { by: parent.parentId });
    if (outcome === 'last') throw new Conflict(API_ERRORS.lastParent);
    if (outcome === 'changed') throw new NotFound(API_ERRORS.parentNotFound);
    return { body: { id: target.parentId, removed: true } };
  },

  'POST /api/family/leave': async (ctx) => {
    const { parent, family } = await me(ctx);
    if ((family.parentCount ?? 1) <= 1) throw new Conflict(API_ERRORS.lastParent);
    const owner = isOwner(family, parent.parentId);
    // The owner's role passes to the parent who has been in the family longest.
    const members = owner ? await listMembers(family.familyId, ctx.now, true) : undefined;
    const nextOwner = members?.parents.find((p) => p.parentId !== parent.parentId)?.parentId;
    const outcome = await removeFromFamily(parent, owner ? { currentOwner: parent.parentId, ...(nextOwner ? { nextOwner } : {}) } : {});
    if (outcome === 'last') throw new Conflict(API_ERRORS.lastParent);
    if (outcome === 'changed') throw new Conflict(API_ERRORS.familyChanged);
    return { body: { left: true }, cookies: signedOutCookies() };
  },

  'DELETE /api/family': async (ctx) => {
    const { password } = validate(deleteFamilySchema, ctx.body);
    const { familyId, userId } = parentSession(ctx);
    const [parent, family] = await Promise.all([getParent(familyId, userId, true), getFamily(familyId, true)]);
    if (!parent || !family) throw new Unauthorized(API_ERRORS.notSignedIn);
    if (!isOwner(family, parent.parentId)) throw new Forbidden(API_ERRORS.ownerOnlyDelete);
    const attempt = await beginLoginAttempt('parent', parent.email, clientAddress(ctx.event).key);
    const login = await getParentLogin(parent.email);
    if (!login && (await getFamily(familyId, true))?.deletion) {
      // A racing request deleted the family's logins after this one read the family: its session
      // is ending with them, as a later request's would have (no password left to check).
      await attempt.succeeded();
      throw new Unauthorized(API_ERRORS.notSignedIn, signedOutCookies());
    }
    if (!(await verifyPassword(password, login?.passwordHash)) || !login || login.parentId !== parent.parentId) throw new Forbidden(API_ERRORS.wrongPassword);
    await attempt.succeeded();

    const requestedAt = family.deletion?.requestedAt ?? ctx.now.toISOString();
    if (!family.deletion) {
      const { parents } = await listMembers(familyId, ctx.now, true);
      const notify = parent.emailVerified ? { notify: { email: parent.email, firstName: parent.firstName } } : {};
      await markFamilyForDeletion(family, parents, { requestedAt, requestedBy: parent.parentId, ...notify });
    }
    // Whether this request marked it or a racing one did: nobody stays signed in.
    await endAllSessionsOfFamily(familyId);
    try {
      await queueFamilyDeletion(familyId);
    } catch (err) {
      // The family is marked: the hourly sweeper queues it (docs/decisions/043).
      logger.error('family deletion not queued; the sweeper will', { familyId, error: err as Error });
    }
    const body: FamilyDeletionDto = { status: 'deleting', requestedAt };
    return { status: 202, body, cookies: signedOutCookies() };
  },

  // Issue 32: "Family devices", the family's boards (http/family-boards.ts).
  ...familyBoardRoutes,
});
