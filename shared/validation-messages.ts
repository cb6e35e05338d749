/**
 * The spec's validation notices (section 5) and the password rule: what the sign-in pages need of
 * ./messages.ts (which re-exports them), apart so the app's first load carries only these (issue 31).
 */
export interface Notice {
  title: string;
  description: string;
}

export const VALIDATION = {
  parentLoginMissing: { title: 'Missing Information', description: 'Please enter both email and password' },
  childLoginMissing: { title: 'Missing Information', description: 'Please enter both username and password' },
  signupMissing: { title: 'Missing Information', description: 'Please fill in all required fields.' },
  passwordMismatch: { title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' },
  passwordTooShort: { title: 'Password Too Short', description: 'Password must be at least 6 characters long' },
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address' },
  credentialsMissing: { title: 'Error', description: 'Please enter both username and password' },
  // Account area (issue 11); the password rules are the sign-up's.
  emailMissing: { title: 'Missing Information', description: 'Please enter your email address' },
  accountMissing: { title: 'Missing Information', description: 'Please fill in all required fields.' },
  currentPasswordMissing: { title: 'Missing Information', description: 'Please enter your current password' },
  passwordMissing: { title: 'Missing Information', description: 'Please enter your password' },
} as const satisfies Record<string, Notice>;

export const MIN_PASSWORD_LENGTH = 6;
