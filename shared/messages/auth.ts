import { PRODUCT_NAME } from '../messages-core';
import * as T from './texts';

export const auth = {
  signInTitle: T.welcomeTo(PRODUCT_NAME),
  signInSubtitle: 'Sign in to your Client Management dashboard',
  signIn: 'Sign In',
  signingIn: T.signingInBusy,
  forgotPassword: 'Forgot your password?',
  noAccount: "Don't have an account?",
  createOne: 'Create one',
  demoHint: 'Demo credentials',
  invalidEmail: T.badEmail,
  passwordRequired: 'Password is required',
  invalidCredentials: T.invalidEmailOrPassword,
  invalidCredentialsAlert: 'Invalid email or password. Please try again.',
  throttled: T.tooManySignIns,
  unauthenticated: 'Your session has expired. Please sign in again.',
  originRefused: 'Request origin not allowed.',
} as const;
