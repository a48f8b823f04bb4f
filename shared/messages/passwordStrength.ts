/** The sign-up form's password strength meter (zxcvbn scores 0–4; below 3 is refused). */
export const passwordStrength = {
  label: 'Password strength',
  checking: 'Checking strength…',
  levels: ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const,
} as const;
