/**
 * The form kit's server-issue placement (client/src/ui/form.tsx): each issue the server names goes under the field
 * react-hook-form knows by that path, a row of an array field (useFieldArray: 'details.1.key') included.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resourceFormSchema } from '../../shared/schemas/resources';
import { applyServerIssues, onFormError, type SaveFailure } from '../../client/src/ui/form';

/** A refused call as the tRPC client reports it: the server's field issues under data.issues. */
const refused = (...issues: { path: string; message: string }[]) => ({
  message: issues[0]?.message,
  data: { code: 'BAD_REQUEST', httpStatus: 400, issues },
});

/** setError's calls, in order: the field and its message. */
function recorder() {
  const placed: { field: string; message: string | undefined; focus: boolean | undefined }[] = [];
  const setError = (field: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    placed.push({ field, message: error.message, focus: options?.shouldFocus });
  };
  return { placed, setError };
}

describe('applyServerIssues', () => {
  it("puts a detail row's issue under that row's key or value (details.{i}.key), leaving unknown paths alone", () => {
    const { placed, setError } = recorder();
    const error = refused(
      { path: 'details.1.value', message: 'Value is required' },
      { path: 'value.Login URL', message: 'Duplicate keys are not allowed in resource details' },
      { path: 'details.3.key', message: 'Duplicate keys are not allowed in resource details' },
      { path: 'title', message: 'Title is required' },
      { path: 'details.x.key', message: 'not a row' },
    );
    expect(applyServerIssues(error, setError, resourceFormSchema, { focus: true })).toBe(true);
    expect(placed).toEqual([
      { field: 'title', message: 'Title is required', focus: true },
      { field: 'details.3.key', message: 'Duplicate keys are not allowed in resource details', focus: false },
      { field: 'details.1.value', message: 'Value is required', focus: false },
    ]);
  });

  it('still places top-level and nested-object fields by their names, in the schema order', () => {
    const schema = z.object({
      name: z.string(),
      location: z.object({ street1: z.string(), city: z.string() }),
    });
    const { placed, setError } = recorder();
    const error = refused(
      { path: 'location.city', message: 'City is required' },
      { path: 'name', message: 'Name is required' },
      { path: 'location.0', message: 'no such field' },
    );
    expect(applyServerIssues(error, setError, schema)).toBe(true);
    expect(placed.map((p) => p.field)).toEqual(['name', 'location.city']);
  });

  it('answers false when no issue names a field of the form', () => {
    const { placed, setError } = recorder();
    expect(applyServerIssues(refused({ path: 'value.Plan', message: 'x' }), setError, resourceFormSchema)).toBe(false);
    expect(placed).toEqual([]);
  });
});

describe('onFormError', () => {
  it('reports a refused detail as on its field, with the server text', () => {
    const { placed, setError } = recorder();
    const reports: SaveFailure[] = [];
    onFormError({ setError }, resourceFormSchema, (failure) => reports.push(failure))(
      refused({ path: 'details.0.key', message: 'Key is required' }),
    );
    expect(placed).toEqual([{ field: 'details.0.key', message: 'Key is required', focus: false }]);
    expect(reports).toMatchObject([{ text: 'Key is required', onFields: true }]);
  });
});
