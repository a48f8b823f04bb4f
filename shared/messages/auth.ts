import { PRODUCT_NAME } from '../messages-core';

export const auth = {
  signInTitle: `Welcome to ${PRODUCT_NAME}`,
  signInSubtitle: 'Sign in to your Client Management dashboard',
  signIn: 'Sign In',
  signingIn: 'Signing in...',
  forgotPassword: 'Forgot your password?',
  noAccount: "Don't have an account?",
  createOne: 'Create one',
  demoHint: 'Demo credentials',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password.',
  invalidCredentialsAlert: 'Invalid email or password. Please try again.',
  throttled: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  unauthenticated: 'Your session has expired. Please sign in again.',
  originRefused: 'Request origin not allowed.',
} as const;
