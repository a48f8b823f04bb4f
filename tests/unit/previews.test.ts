import { describe, expect, it } from 'vitest';
import { thumbKeyOf } from '../../server/files/previews/job';
import { previewKind } from '../../server/files/previews/render';
import { isStorageKey } from '../../server/files/storage';

describe('previews', () => {
  it('previews images and PDFs by their declared type, and nothing else (SVG and HTML included)', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('IMAGE/JPEG')).toBe('image');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('application/pdf')).toBe('pdf');
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream', '', null])
      expect(previewKind(type)).toBeNull();
  });

  it("derives the thumbnail's key from the file's: the same every time, another key of the same agency", () => {
    const key = '42/0f8fad5b-d9cb-469f-a165-70867728950e';
    const thumb = thumbKeyOf(key);
    expect(thumb).toBe(thumbKeyOf(key));
    expect(thumb).not.toBe(key);
    expect(thumb.startsWith('42/')).toBe(true);
    expect(isStorageKey(thumb)).toBe(true);
    expect(thumbKeyOf('42/7c9e6679-7425-40de-944b-e07fc1f90ae7')).not.toBe(thumb);
  });
});
