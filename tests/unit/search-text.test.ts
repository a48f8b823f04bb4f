/** Global search's text helpers: the terms sent to the index, the snippet around the first match, the highlighting. */
import { describe, expect, it } from 'vitest';
import { searchTerms, snippetOf } from '../../shared/schemas/search';
import { matchRanges } from '../../client/src/features/search/highlight';

describe('searchTerms', () => {
  it('folds accents and case, splits on anything but letters and digits, drops repeats and empties', () => {
    expect(searchTerms('  Café  "crème" brûlée* AND café ')).toEqual(['cafe', 'creme', 'brulee', 'and']);
    expect(searchTerms('"*:()\'-^')).toEqual([]);
    expect(searchTerms('tenant : b1')).toEqual(['tenant', 'b1']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('snippetOf', () => {
  it('keeps short text whole, collapsing whitespace', () => {
    expect(snippetOf('Ask the\n\nprinter  now', ['printer'])).toBe('Ask the printer now');
  });
  it('cuts long text around the first word that starts with a term, on word boundaries', () => {
    const body = `${'lorem ipsum '.repeat(20)}the Café menu needs ${'dolor sit '.repeat(20)}`;
    const snippet = snippetOf(body, ['cafe'], 60);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('Café menu');
    expect(snippet.length).toBeLessThanOrEqual(62);
  });
  it('starts at the beginning when only the title matched', () => {
    expect(snippetOf(`${'word '.repeat(50)}`, ['zzz'], 20)).toBe('word word word word…');
  });
});

describe('matchRanges', () => {
  it('marks word starts only, accent- and case-blind, in the original text', () => {
    const text = 'Café désign — redesign';
    expect(matchRanges(text, ['cafe', 'desi']).map(([a, b]) => text.slice(a, b))).toEqual(['Café', 'dési']);
  });
  it('handles decomposed accents and prefers the longer term', () => {
    const text = 'Cafe\u0301 Olé';
    expect(matchRanges(text, ['caf', 'cafe']).map(([a, b]) => text.slice(a, b))).toEqual(['Cafe\u0301']);
  });
});
