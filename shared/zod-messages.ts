// Validation messages for people, for every rule the spec gives no text for. zod's own English
// ("Too big: expected string to have <=200 characters") never reaches a screen or an API reply.
// Importing this module configures zod once for the whole process: the server's entry (server/app.ts)
// and the client's (client/src/app/Providers.tsx) import it.
import { z } from 'zod';
import { validation } from './messages/validation';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { validation } as const;

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const V = M.validation;

/** "firstName" → "First name"; known fields use the catalogue's name. */
export function fieldName(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!key) return V.value;
  const known = V.fieldNames[key];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const quote = (value: unknown) => (typeof value === 'string' ? value : String(value));

/** The message for one issue; `undefined` never: every issue gets a readable text. */
function humanIssueMessage(issue: Issue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return V.required(field);
      switch (issue.expected) {
        case 'number':
          return V.notNumber(field);
        case 'int':
          return V.notWholeNumber(field);
        case 'string':
          return V.notText(field);
        case 'boolean':
          return V.notTrueFalse(field);
        case 'date':
          return V.notDate(field);
        default:
          return V.invalid(field);
      }
    }
    case 'too_big':
      if (issue.origin === 'string') return V.tooLong(field, issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return V.tooManyItems(field, issue.maximum);
      return V.tooLarge(field, issue.maximum);
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? V.required(field) : V.tooShort(field, issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return V.tooFewItems(field, issue.minimum);
      return V.tooSmall(field, issue.minimum);
    case 'invalid_format':
      if (issue.format === 'email') return V.badEmail;
      if (issue.format === 'url') return V.badUrl;
      return V.badFormat(field);
    case 'invalid_value':
      return V.oneOf(field, issue.values.map(quote).join(', '));
    case 'unrecognized_keys':
      return V.unknownFields(issue.keys.join(', '));
    case 'not_multiple_of':
      return V.notWholeNumber(field);
    default:
      return V.invalid(field);
  }
}

z.config({ customError: humanIssueMessage });
