/** Texts of spec sections 5 and 8 that both the API and the screens use. */
export { MIN_PASSWORD_LENGTH, VALIDATION, type Notice } from './validation-messages';
import type { Notice } from './validation-messages';

export const API_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  invalidChildCredentials: 'Invalid username or password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  notSignedIn: 'Please sign in to continue',
  forbiddenOrigin: 'Cross-site requests are not allowed',
  invalidJson: 'Request body must be valid JSON',
  jsonOnly: 'Request body must be JSON (Content-Type: application/json)',
  invalidText: 'Text must be valid Unicode (no unpaired surrogate characters)',
  notThroughApp: 'Requests must come through the ChoreQuest app',
  tooManyRequests: 'Too many requests from this network. Please wait a while and try again.',
  notFound: 'Not found',
  alreadyPaid: 'This chore was already paid out, so it stays ticked.',
  choreDayDone: 'This chore is already done for that day.',
  earningsChanged: 'Earnings changed at the same moment. Please try again.',
  internal: 'Something went wrong. Please try again.',
  generationBusy: 'Chores are being handed out for your family right now. Please try again in a moment.',

  // ---- Account area (issue 11, docs/account-api.md) ----
  /** The answer to every "Forgot password?" request, whether or not the address has an account. */
  forgotPasswordSent: 'If a ChoreQuest account uses this address, we have sent it an email with what to do next. It can take a minute to arrive; check your spam folder too.',
  resetLinkInvalid: 'This password reset link has expired or was already used. Please ask for a new one.',
  verifyLinkInvalid: 'This confirmation link has expired or was already used. Sign in and ask for a new one.',
  emailChangeLinkInvalid: 'This link has expired or was already used. Ask for the change again in your account settings.',
  invitationInvalid: 'This invitation has expired, was revoked or was already used. Please ask for a new one.',
  wrongPassword: 'The password is not correct',
  wrongCurrentPassword: 'Your current password is not correct',
  sameEmail: 'This is already your email address',
  alreadyVerified: 'Your email address is already confirmed',
  tooManyEmails: 'We have sent several emails already. Please wait an hour before asking again.',
  /** Inviting (or accepting with) an address that has a login: a login belongs to one family. */
  invitedHasAccount: 'This email address already has a ChoreQuest account, and a login belongs to one family. Ask them to use another email address, or to delete their own family first.',
  acceptHasAccount: 'This email address already has a ChoreQuest account, and a login belongs to one family. Sign in with it, or ask for an invitation to another address.',
  alreadyParent: 'This person is already a parent in your family.',
  /** Inviting takes a confirmed address (issue 17: no co-parent planted by someone who signed up with another person's address). */
  confirmBeforeInviting: 'Please confirm your email address before inviting another parent. We can send you the link again.',
  emailChangeCancelLinkInvalid: 'This link no longer works: the change was already confirmed or cancelled, or the link expired. If you did not ask for the change, reset your password.',
  tooManyParents: 'A family can have at most 10 parents.',
  tooManyInvitations: 'Your family has 10 open invitations. Revoke one before inviting someone else.',
  invitationNotFound: 'Invitation not found',
  parentNotFound: 'Parent not found',
  ownerOnlyRemove: 'Only the parent who created the family can remove a parent.',
  ownerOnlyDelete: 'Only the parent who created the family can delete it.',
  removeSelf: 'To remove yourself, leave the family instead.',
  lastParent: 'You are the only parent in this family, so you cannot leave it. Invite another parent first, or delete the family.',
  familyDeleting: 'This family is being deleted.',
  timeZoneInvalid: 'Please choose a time zone from the list',
  weeklyReportInvalid: 'enabled must be true or false',
  emailNotSent: 'We could not send the email just now. Please try again in a moment.',
  credentialsChanged: 'Your password was changed at the same moment. Please try again.',
  familyChanged: 'Your family changed at the same moment. Please try again.',
  exportTooLarge: "Your family's data is too large to download in one file. Please contact us and we will send it to you.",
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. You can turn the weekly report off in your account settings.',
} as const;

/** The money ledger (issue 19): bonuses, deductions, reversals and payouts. */
export const LEDGER_MESSAGES = {
  kindInvalid: 'kind must be bonus or deduction',
  reasonRequired: 'Please say what it is for',
  noteTooLong: 'Please keep the note to 200 characters',
  methodInvalid: 'method must be cash, bank or other',
  payoutTooMuch: 'You can pay out at most what is owed.',
  takeOwed: (name: string, owed: string) => `This would take more than ${name} is owed (${owed}). The amount owed can never go below zero.`,
  takeWeek: (name: string, week: string) => `This would take more than ${name} has this week (${week}). This week's total can never go below zero.`,
  takeMonth: (name: string, month: string) => `This would take more than ${name} has this month (${month}). This month's total can never go below zero.`,
  entryNotFound: 'Entry not found',
  alreadyReversed: 'This entry was already reversed.',
  notReversible: 'A reversal cannot be reversed; add a new bonus or deduction instead.',
  activityCursorInvalid: 'This page of the activity log no longer exists. Start again from the newest.',
} as const;

/** A parent's OK before a tick counts, and who may correct a tick when (issue 19). */
export const APPROVAL_MESSAGES = {
  /** What the child sees on a ticked chore that waits. */
  waiting: "Waiting for a parent's OK",
  notWaiting: 'This chore is not waiting for an OK any more.',
  approvedAlready: 'A parent has already approved this chore. Ask a parent if it needs changing.',
  pastDay: "Only a parent can change an earlier day's chore.",
  notThisWeek: 'A parent can tick or untick only the days of this week.',
  dateNotAllowed: 'Only a parent can pick the day of an ongoing chore.',
  noteTooLong: 'Please keep the note to 200 characters',
  approvalDefaultInvalid: 'approvalByDefault must be true or false',
} as const;


export const FORM_MESSAGES = {
  choreNameRequired: 'Chore name is required',
  amountPositive: 'Amount must be greater than 0',
  amountFormat: 'Amount must be a dollar amount with at most 2 decimals',
  amountTooLarge: 'Amount must be at most 10000.00',
  difficultyRequired: 'Difficulty level is required',
  categoryInvalid: 'Category must be daily, weekly or continuous',
  nameRequired: 'Name is required',
  ageRange: 'Age must be a whole number from 1 to 18',
  imageUrl: 'Profile picture must be a valid http(s) URL',
  maxDifficultyRange: 'Max difficulty must be from 1 to 5',
  countRange: 'Each count must be a whole number from 0 to 10',
  usernameFormat: 'Username may use letters, numbers, dots, dashes and underscores (up to 32)',
  noAssignmentsSelected: { title: 'No assignments selected', description: 'Please select at least one chore assignment' },
  choreNotFound: 'Chore not found',
  childNotFound: 'Child not found',
  assignmentNotFound: 'Assignment not found',
  invalidDate: 'Dates must be ISO dates (YYYY-MM-DD)',
  dateOutOfRange: 'Dates must be between 2000-01-01 and 2200-12-31',
  weekStartSunday: 'weekStart must be a Sunday',
  historyWeeks: 'weeks must be a whole number from 1 to 52',
  weekdayInvalid: 'dayOfWeek must be a lowercase weekday name',
  wrongDay: 'This chore can only be ticked on its assigned day',
  notYet: 'This chore\'s day has not come yet',
  notActiveToday: 'This chore is not active today',
  /** Issue 29 point 7: an ongoing chore on a day the child is away (or the family paused) is not due, and a tick would pay for nothing. */
  awayThatDay: (name: string, label: string) => `${name} is away that day (${label}), so this chore is not due and cannot be ticked`,
  categoryMismatch: 'Use a continuous assignment for continuous chores',
  notContinuous: 'Only continuous chores can be assigned continuously',
  tooDifficult: 'This chore is above the child\'s difficulty limit',
} as const;

/** How a payout was paid, as a sentence says it: "Paid Ava $1.00 (cash)" (the form's radios say "Cash"). */
export const PAYOUT_METHOD_WORDS = { cash: 'cash', bank: 'bank transfer', other: 'other' } as const;

/** What the screens say about a completion that Reset Earnings paid out (it stays ticked). */
export const PAID_TEXT = {
  label: 'Paid',
  childHint: 'Paid out! This one stays ticked.',
  parentHint: 'Paid out with Reset Earnings, so it stays ticked',
} as const;

/**
 * What the account screens say (issue 11), in the spec's voice (section 8): a toast's title says
 * what happened, its line what it means. Failures show the server's `message` when it sent one,
 * else the `…Failed` line here.
 */
export const ACCOUNT_TEXT = {
  // Signed out: the pages the e-mails open.
  forgotFailed: 'Failed to send the email. Please try again.',
  resetFailed: 'Failed to change your password. Please try again.',
  linkIncomplete: 'This link is incomplete. Open it again from your email, or ask for a new one.',
  acceptFailedTitle: 'Could Not Join',
  acceptFailed: 'Failed to join the family. Please try again.',
  // The banner in the parent area.
  verifyBannerTitle: 'Please confirm your email address',
  verifyBanner: (email: string) => `We sent a link to ${email}. Confirming lets you reset a forgotten password and get the weekly report.`,
  resendFailed: 'Failed to send the link. Please try again.',
  // Account settings.
  nameSaved: { title: 'Name updated', description: 'Your name is saved.' },
  nameFailed: 'Failed to update your name. Please try again.',
  passwordChangedTitle: 'Password changed',
  passwordFailed: 'Failed to change your password. Please try again.',
  emailChangeSent: (email: string, current: string): Notice => ({
    title: 'Check your new inbox',
    description: `We sent a link to ${email}. You keep signing in with ${current} until you follow it.`,
  }),
  emailChangeFailed: 'Failed to change your email address. Please try again.',
  emailChangeCancelled: (current: string): Notice => ({ title: 'Email change cancelled', description: `You keep signing in with ${current}.` }),
  emailChangeCancelFailed: 'Failed to cancel the email change. Please try again.',
  linkSentTitle: 'Link sent',
  weeklyReportOn: { title: 'Weekly report on', description: 'It arrives every Sunday, after the new week’s chores are handed out.' },
  weeklyReportWaits: 'The weekly report starts once you confirm your email address.',
  weeklyReportOff: { title: 'Weekly report off', description: 'You will no longer get the weekly email.' },
  weeklyReportFailed: 'Failed to update the weekly report. Please try again.',
  timeZoneSavedTitle: 'Time zone updated',
  timeZoneFailed: 'Failed to update the time zone. Please try again.',
  // The family page.
  invitationSent: (email: string): Notice => ({ title: 'Invitation sent', description: `We emailed ${email} a link to join. It works for 7 days.` }),
  inviteFailed: 'Failed to send the invitation. Please try again.',
  invitationRevoked: (email: string): Notice => ({ title: 'Invitation revoked', description: `The link sent to ${email} no longer works.` }),
  revokeFailed: 'Failed to revoke the invitation. Please try again.',
  parentRemoved: (name: string): Notice => ({ title: 'Parent removed', description: `${name} is no longer in the family and was signed out.` }),
  removeFailed: 'Failed to remove the parent. Please try again.',
  leaveFailed: 'Failed to leave the family. Please try again.',
  deleteFailed: 'Failed to delete the family. Please try again.',
} as const;

// ---- ISSUE-21: the planner for real households (shared/planning.ts) ------------------------------

/** What the API answers (and the chore dialog and availability editor show) for a planner setting it cannot take. */
export const PLANNER_MESSAGES = {
  // How often (a chore's rhythm)
  rhythmInvalid: 'How often must be one of: days, everyNDays, everyNWeeks, monthlyDate, monthlyWeekday or once',
  daysRequired: 'Choose at least one day',
  daysDistinct: 'Choose each day only once',
  weekdayInvalid: 'Days must be lowercase weekday names (sunday to saturday)',
  everyNDays: 'Repeat every 2 to 90 days',
  everyNWeeks: 'Repeat every 2 to 12 weeks',
  anchorWeekSunday: 'The first week must be a Sunday',
  monthDay: 'Choose a day of the month from 1 to 31',
  nthInvalid: 'Choose the first, second, third, fourth or last weekday of the month (nth 1, 2, 3, 4 or -1)',
  continuousNoRhythm: 'An ongoing chore has no schedule: remove How often, or make it a daily or weekly chore',
  continuousNoFirst: 'An ongoing chore cannot go to whoever does it first: choose one child at a time or each child',
  // Who does it
  whoInvalid: 'Who does it must be one (one child at a time), each (every child) or first (whoever does it first)',
  turnsInvalid: 'Turns must be balanced, week or fair',
  childrenList: 'Children must be a list of child ids',
  tooManyChildren: 'Choose at most 50 children',
  childrenDistinct: 'Choose each child only once',
  // Availability
  availabilityInvalid: 'Availability must have cycles, away and pause',
  tooManyCycles: 'A child can have at most 6 repeating away patterns',
  cycleLength: 'A repeating away pattern lasts 7, 14, 21 or 28 days',
  cycleAwayRequired: 'Choose at least one away day in the repeating pattern',
  cycleAwayRange: 'Away days of a pattern are numbered from 0 to one less than its length',
  cycleAwayDistinct: 'Choose each away day of a pattern only once',
  cycleInvalid: 'Each repeating away pattern needs a start date, a length and its away days',
  labelInvalid: 'A label must be text',
  labelTooLong: 'Please keep the label to 40 characters',
  tooManyAways: 'A child can have at most 50 away ranges',
  awayBackwards: 'An away range ends before it starts',
  awayTooLong: 'An away range can be at most 366 days long: use a pause for longer',
  awayNeedsEnd: 'An away range needs an end date',
  pauseBackwards: 'The pause ends before it starts',
  rangeBackwards: 'The end date is before the start date',
  rangeInvalid: 'A date range needs a start date (from) and may have an end date (to)',
  // Preview and generation
  seedInvalid: 'seed must be 1 to 64 letters, digits, colons, dashes or underscores',
  bodyNotObject: 'The request body must be a JSON object',
} as const;

/** Issue 32, the family board (docs/decisions/062-family-board.md): what the API answers and the screens say. */
export const BOARD_MESSAGES = {
  pinFormat: 'A PIN is exactly 4 digits',
  pinSet: 'PIN saved. They can now sign in on the family board.',
  pinRemoved: 'PIN removed. They can no longer sign in on the family board.',
  noPin: 'Ask a parent to set a PIN',
  wrongPin: "That PIN isn't right. Try again.",
  locked: 'Too many tries. Ask a parent, or try again in 15 minutes.',
  boardBusy: 'Too many tries on this board. Please wait a few minutes.',
  childTimeUp: 'Time is up. Tap your picture to sign in again.',
  boardNotFound: 'This device is no longer a family board',
  passwordRequired: 'Enter your password to set up the board',
  nameRequired: 'Give the board a name, like "Kitchen tablet"',
  nameTooLong: 'Keep the name under 40 characters',
  tooManyBoards: 'Your family has 10 boards already. Revoke one first.',
  boardRevoked: 'Board revoked. That device is signed out now.',
} as const;
