import { EMAIL_MALFORMED, ENTER_EMAIL, ENTER_PASSWORD, PASSWORD_TOO_SHORT } from './messages.ts';

/** The identity service's shortest accepted password (docs/product.md, validation). */
const MIN_PASSWORD_LENGTH = 6;

/**
 * One "@" with something before it and a dotted domain after it: what the identity service
 * accepts, checked here so a slip gets a sentence before anything is sent.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field of a submitted form as text ('' when the form has no such field). */
export const fieldText = (fields: FormData, name: string) => {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
};

/** What is wrong with an email address field, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (!email) return ENTER_EMAIL;
  if (!EMAIL_SHAPE.test(email)) return EMAIL_MALFORMED;
  return undefined;
}

/** What is wrong with the password of a sign-in, or undefined: any non-empty one is tried. */
export function passwordProblem(password: string): string | undefined {
  return password ? undefined : ENTER_PASSWORD;
}

/** What is wrong with a password being chosen, or undefined. */
export function newPasswordProblem(password: string): string | undefined {
  if (!password) return ENTER_PASSWORD;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return undefined;
}
