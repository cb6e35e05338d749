/** Texts of spec sections 5 and 8 that both the API and the screens use. */
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
} as const satisfies Record<string, Notice>;

export const API_ERRORS = {
  invalidCredentials: 'Invalid email or password',
  invalidChildCredentials: 'Invalid username or password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  notSignedIn: 'Please sign in to continue',
  forbiddenOrigin: 'Cross-site requests are not allowed',
  invalidJson: 'Request body must be valid JSON',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
