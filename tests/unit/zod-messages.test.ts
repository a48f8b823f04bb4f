import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../shared/zod-messages';
import { fieldName } from '../../shared/zod-messages';
import { companyCreateInput, companyListInput } from '../../shared/schemas/companies';
import { signupInput } from '../../shared/schemas/auth';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a validation failure');
  return result.error.issues.map((i) => i.message);
};

describe('validation messages the spec does not name are written for people', () => {
  it("says 'Name must be 200 characters or fewer' for a long company name", () => {
    expect(messageOf(companyCreateInput, { name: 'x'.repeat(201) })).toEqual(['Name must be 200 characters or fewer']);
  });
  it('names the field of a long optional text', () => {
    expect(messageOf(companyCreateInput, { name: 'A', phone: '1'.repeat(41) })).toEqual([
      'Phone must be 40 characters or fewer',
    ]);
    expect(messageOf(signupInput.shape.firstName, 'x'.repeat(101))).toEqual(['Value must be 100 characters or fewer']);
  });
  it('lists the allowed values of a choice', () => {
    expect(messageOf(companyCreateInput, { name: 'A', status: 'bogus' })).toEqual([
      'Status must be one of: prospect, onboarding, active, canceled, paused, at-risk',
    ]);
  });
  it('says what is missing or of the wrong kind', () => {
    expect(messageOf(companyCreateInput, {})).toEqual(['Name is required']);
    expect(messageOf(companyListInput, { limit: 'many' })).toEqual(['Page size must be a number']);
    expect(messageOf(companyListInput, { limit: 1000 })).toEqual(['Page size must be 100 or less']);
    expect(messageOf(companyListInput, { limit: 2.5 })).toEqual(['Page size must be a whole number']);
    expect(messageOf(z.object({ visibleToClient: z.boolean() }), { visibleToClient: 'yes' })).toEqual([
      'Visible to client must be true or false',
    ]);
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual(['Unknown field: b']);
  });
  it("keeps the spec's own messages", () => {
    expect(messageOf(companyCreateInput, { name: '  ' })).toEqual(['Company name is required']);
    expect(messageOf(companyCreateInput, { name: 'A', website: 'nope' })).toEqual([
      'Please enter a website, e.g. example.com or https://example.com',
    ]);
  });
  it("never lets zod's default English through", () => {
    const samples: [z.ZodType, unknown][] = [
      [z.string().max(3), 'abcd'],
      [z.string().min(3), 'a'],
      [z.number().min(2), 1],
      [z.array(z.string()).min(1), []],
      [z.email(), 'x'],
      [z.url(), 'x'],
      [z.string().regex(/^a$/), 'b'],
      [z.union([z.string(), z.number()]), true],
      [z.date(), 'x'],
    ];
    for (const [schema, value] of samples)
      for (const message of messageOf(schema, value))
        expect(message).not.toMatch(/Too big|Too small|Invalid input|Invalid option|expected/);
  });
  it('turns a field key into words', () => {
    expect(fieldName(['contact', 'firstName'])).toBe('First name');
    expect(fieldName(['items', 0, 'dueDate'])).toBe('Due date');
    expect(fieldName([])).toBe('Value');
  });
});
