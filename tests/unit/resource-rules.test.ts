/** The REST adapter's opaque fields, the resource type filter's mapping, and the detail rows' rules (spec §5). */
import { describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { keysToCamel, keysToSnake } from '../../server/rest/case';
import { resourceFormSchema } from '../../shared/schemas/resources';
import { RESOURCE_TYPE_FILTERS, resourceTypesFor } from '../../shared/status';
import '../../shared/zod-messages';

const R = M.resources;

describe('REST field names: opaque fields', () => {
  const userMap = { 'Login URL': 'u', api_key: 'k', supportEmail: 'e', nested_map: { inner_key: 1 } };

  it('renames an opaque field but leaves what it holds as sent, both ways and in lists', () => {
    expect(keysToCamel({ company_id: 1, value: userMap }, ['value'])).toEqual({ companyId: 1, value: userMap });
    expect(keysToSnake({ companyId: 1, value: userMap }, ['value'])).toEqual({ company_id: 1, value: userMap });
    expect(keysToSnake([{ visibleToClient: true, value: userMap }], ['value'])).toEqual([
      { visible_to_client: true, value: userMap },
    ]);
  });

  it('matches the opaque name in either spelling', () => {
    expect(keysToCamel({ user_map: { a_b: 1 } }, ['userMap'])).toEqual({ userMap: { a_b: 1 } });
    expect(keysToSnake({ userMap: { aB: 1 } }, ['user_map'])).toEqual({ user_map: { aB: 1 } });
  });

  it('converts everything without the option (the other paths are unchanged)', () => {
    expect(keysToCamel({ value: { api_key: 'k' } })).toEqual({ value: { apiKey: 'k' } });
    expect(keysToSnake({ value: { supportEmail: 'e' } })).toEqual({ value: { support_email: 'e' } });
  });
});

describe("the resource list's type filter", () => {
  it('maps template and guideline onto information, tool onto tool; stored types match themselves', () => {
    expect(RESOURCE_TYPE_FILTERS.map((f) => [f, resourceTypesFor(f)])).toEqual([
      ['information', ['information']],
      ['tool', ['tool']],
      ['template', ['information']],
      ['guideline', ['information']],
    ]);
  });
});

describe('the resource form (spec §5)', () => {
  const base = {
    title: 'T',
    description: 'D',
    type: 'tool',
    status: 'active',
    companyId: 3,
    projectId: '',
    visibleToClient: false,
  };
  const issues = (values: object) => {
    const result = resourceFormSchema.safeParse({ ...base, ...values });
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('asks for every required field with the spec’s message', () => {
    expect(issues({ title: ' ', description: '', type: '', status: '', companyId: '', details: [] })).toEqual([
      ['title', R.titleRequired],
      ['description', R.descriptionRequired],
      ['type', R.typeRequired],
      ['status', R.statusRequired],
      ['companyId', R.companyRequired],
    ]);
  });

  it('drops blank rows, refuses half-filled rows and duplicate keys under their row', () => {
    expect(
      resourceFormSchema.parse({
        ...base,
        details: [
          { key: '', value: '' },
          { key: 'A', value: '1' },
        ],
      }).details,
    ).toEqual([{ key: 'A', value: '1' }]);
    expect(
      issues({
        details: [
          { key: 'A', value: '' },
          { key: '', value: 'x' },
          { key: 'B', value: '1' },
          { key: 'b ', value: '2' },
        ],
      }),
    ).toEqual([
      ['details.0.value', R.valueRequired],
      ['details.1.key', R.keyRequired],
      ['details.3.key', R.duplicateKeys],
    ]);
  });
});
