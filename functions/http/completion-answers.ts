/** What the API answers when a tick, take-back, approval or send-back did nothing (data/ticks/completion.ts `CompletionRefusal`). */
import { API_ERRORS, APPROVAL_MESSAGES, FORM_MESSAGES } from '../../shared/messages';
import type { CompletionOutcome, CompletionRefusal } from '../data/ticks/completion';
import { takenMessage } from '../data/planning/first-wins';
import { BadRequest, Conflict, NotFound, type HttpError } from '../lib/errors';
import { FAMILY_NOT_FOUND } from './family-clock';

export function completionError(refusal: CompletionRefusal): HttpError {
  switch (refusal.reason) {
    case 'not-found':
      return new NotFound(FORM_MESSAGES.assignmentNotFound);
    case 'family-missing':
      return new NotFound(FAMILY_NOT_FOUND);
    case 'approved':
      return new Conflict(APPROVAL_MESSAGES.approvedAlready);
    case 'past-day':
      return new Conflict(APPROVAL_MESSAGES.pastDay);
    case 'not-this-week':
      return new BadRequest(APPROVAL_MESSAGES.notThisWeek);
    case 'not-yet':
      return new BadRequest(FORM_MESSAGES.notYet);
    case 'wrong-day':
      return new BadRequest(FORM_MESSAGES.wrongDay);
    case 'date-not-allowed':
      return new BadRequest(APPROVAL_MESSAGES.dateNotAllowed);
    case 'not-active':
      return new BadRequest(FORM_MESSAGES.notActiveToday);
    case 'away':
      return new BadRequest(FORM_MESSAGES.awayThatDay(refusal.childName, refusal.label));
    case 'taken':
      return new Conflict(takenMessage(refusal.takenBy));
    case 'done-elsewhere':
      return new Conflict(API_ERRORS.choreDayDone);
    case 'already-paid':
      return new Conflict(API_ERRORS.alreadyPaid);
    case 'round-changed':
      return new Conflict(API_ERRORS.earningsChanged);
    case 'not-waiting':
      return new Conflict(APPROVAL_MESSAGES.notWaiting);
  }
}

/** The outcome's answer, or its refusal as the HTTP error it is. */
export function completionAnswer<T>(outcome: CompletionOutcome<T>): T {
  if (!outcome.ok) throw completionError(outcome.refusal);
  return outcome.answer;
}
