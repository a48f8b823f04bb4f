import type { ReactNode } from 'react';
import { foldText } from '../../../../shared/schemas/search';

/**
 * Where the words of `text` that start with one of `terms` (already folded) match, as [start, end) ranges of the
 * original text: accents and case are folded character by character, so positions map back.
 */
export function matchRanges(text: string, terms: string[]): [number, number][] {
  if (!terms.length || !text) return [];
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    for (const f of foldText(ch)) {
      for (let k = 0; k < f.length; k++) origin.push(i);
      folded += f;
    }
    i += ch.length;
  }
  origin.push(text.length);
  const ranges: [number, number][] = [];
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  for (let at = 0; at < folded.length; at++) {
    if (at > 0 && isWordChar(folded[at - 1])) continue;
    let best = 0;
    for (const term of terms) if (term.length > best && folded.startsWith(term, at)) best = term.length;
    if (best) {
      const start = origin[at];
      // The end: the original position of the next folded character (a combining mark folds to nothing).
      let end = origin[at + best];
      while (end < text.length && /\p{M}/u.test(text[end])) end++;
      ranges.push([start, end]);
      at += best - 1;
    }
  }
  return ranges;
}

/** `text` with its matching word starts in <mark>. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const ranges = matchRanges(text, terms);
  if (!ranges.length) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  ranges.forEach(([start, end], i) => {
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <mark key={i} className="rounded-sm bg-amber-100 px-px text-inherit">
        {text.slice(start, end)}
      </mark>,
    );
    last = end;
  });
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
