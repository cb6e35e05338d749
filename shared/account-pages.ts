/**
 * The browser pages the account e-mails link to (docs/account-api.md, "Pages the e-mails open"):
 * the server builds the links from these, the router serves them. Tokens go in the fragment.
 */
export const ACCOUNT_PAGES = {
  forgotPassword: '/forgot-password',
  /** `#token=…` */
  resetPassword: '/reset-password',
  /** `#token=…` (and `&next=reset-password` from "Forgot password?" for an unconfirmed address) */
  verifyEmail: '/verify-email',
  /** `#token=…` */
  confirmEmail: '/confirm-email',
  /** `#token=…`: the one-click cancel sent to the current address when a change is asked for */
  cancelEmailChange: '/cancel-email-change',
  /** `#token=…` */
  invitation: '/invitation',
  account: '/account',
  family: '/family',
} as const;

/** The fragment parameter that sends a confirmed address on to the reset form. */
export const NEXT_RESET_PASSWORD = 'reset-password';
