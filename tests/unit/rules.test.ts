import { describe, expect, it } from 'vitest';
import { keysToCamel, keysToSnake } from '../../server/rest/case';
import { cleanSlug, signupFormSchema } from '../../shared/schemas/auth';
import { companyCreateInput } from '../../shared/schemas/companies';

describe('Brand URL typing rules', () => {
  it('keeps letters and digits only, lower-cased', () => {
    expect(cleanSlug('My Agency-2024!')).toBe('myagency2024');
  });
});

describe('sign-up form', () => {
  const base = {
    name: 'A',
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.co',
    phone: '1',
    slug: 'abc',
    password: 'longenough',
  };
  it('says "Passwords don\'t match" on the confirm field', () => {
    const result = signupFormSchema.safeParse({ ...base, confirmPassword: 'different' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
  });
  it("says 'Please confirm your password' when the confirmation is empty", () => {
    const result = signupFormSchema.safeParse({ ...base, confirmPassword: '' });
    expect(result.error!.issues[0].message).toBe('Please confirm your password');
  });
});

describe('company input', () => {
  it('defaults a new company to prospect and stores empty optional fields as null', () => {
    expect(companyCreateInput.parse({ name: 'X', industry: '  ' })).toMatchObject({
      status: 'prospect',
      industry: null,
    });
  });
});

describe('REST field names', () => {
  it('maps snake_case to camelCase and back, keeping authToken as the spec writes it', () => {
    expect(keysToCamel({ first_name: 'A', company_of_contact: { company_id: 1 } })).toEqual({
      firstName: 'A',
      companyOfContact: { companyId: 1 },
    });
    expect(keysToSnake({ firstName: 'A', authToken: 't', createdAt: new Date(0) })).toEqual({
      first_name: 'A',
      authToken: 't',
      created_at: new Date(0),
    });
  });
});
