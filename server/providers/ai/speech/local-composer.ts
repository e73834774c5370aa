import { LOCAL_COMPOSER_TYPES, type RefinementType } from '../../../../contract/transcriptions.ts';

/**
 * Refines a transcript without an AI text provider (a local draft's refinements): plain text rules, no model.
 * Types it cannot make honestly are refused by `supports` (the caller answers a clear message). `compose` answers
 * null when the refinement would only repeat the text (too short to summarise, nothing to clean up): the caller
 * charges nothing for it and says so.
 */
export interface LocalComposer {
  readonly name: string;
  supports(type: RefinementType): boolean;
  compose(text: string, type: RefinementType): string | null;
}

const FILLERS = /\b(?:um+|uh+|erm+|er|ah+|hmm+|you know|i mean|sort of|kind of)\b[,]?\s*/gi;
const STOP = new Set(
  'a an the and or but so of to in on at for with by from is are was were be been it its this that these those i you he she we they me him her us them my your our their as if then than there here what which who whom do does did not no yes just very really also about into over can could will would should may might must have has had'.split(
    ' ',
  ),
);
const ACTION = /\b(need to|needs to|have to|has to|will|should|must|let's|let us|please|todo|to do|follow up|deadline|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next week|the end of))\b/i;
// "So" is a conclusion's cue only where it opens a sentence ("Okay, so thanks everyone" concludes nothing).
const CONCLUSION = /^so\b|\b(therefore|thus|in conclusion|to conclude|overall|in short|we decided|decided|agreed|we agree|the result|as a result|that means|bottom line)\b/i;

/** Removes filler words and stammered repeats, fixes spacing, capitalises sentences and ends them with a stop. */
export function cleanUp(text: string): string {
  const words = text.replace(FILLERS, '').replace(/\s+/g, ' ').trim().split(' ');
  const kept = words.filter((w, i) => i === 0 || w.toLowerCase() !== words[i - 1]!.toLowerCase());
  return sentences(kept.join(' '))
    .map((s) => {
      const t = s.charAt(0).toUpperCase() + s.slice(1);
      return /[.!?]$/.test(t) ? t : `${t}.`;
    })
    .join(' ')
    .replace(/\bi\b/g, 'I');
}

/** Sentences by punctuation; an unpunctuated draft is cut every ~20 words so the rules below have units to pick. */
export function sentences(text: string): string[] {
  const byPunctuation = text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter(Boolean);
  return byPunctuation.flatMap((s) => {
    const words = s.split(/\s+/);
    if (words.length <= 30) return [s];
    const parts: string[] = [];
    for (let i = 0; i < words.length; i += 20) parts.push(words.slice(i, i + 20).join(' '));
    return parts;
  });
}

/** The words of a text, lower-cased, without punctuation: what a reader would call the same text. */
function wordsOf(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}'\s]+/gu, ' ').split(/\s+/).filter(Boolean).join(' ');
}

/** True when `out` says the same words as `text` (capitals, punctuation and spacing aside): a refinement did nothing. */
export function sameWords(text: string, out: string): boolean {
  return wordsOf(text) === wordsOf(out);
}

/**
 * Extractive summary: the sentences whose content words recur most, about a quarter of them (always fewer than
 * were said), in spoken order. A single sentence cannot be summarised this way: null.
 */
export function summarise(text: string): string | null {
  const list = sentences(cleanUp(text));
  if (list.length < 2) return null;
  const freq = new Map<string, number>();
  const words = (s: string) => s.toLowerCase().match(/[a-z']+/g)?.filter((w) => !STOP.has(w) && w.length > 2) ?? [];
  for (const s of list) for (const w of words(s)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const scored = list.map((s, i) => {
    const ws = words(s);
    return { i, score: ws.reduce((sum, w) => sum + (freq.get(w) ?? 0), 0) / Math.max(1, Math.sqrt(ws.length)) };
  });
  // Two or three sentences give one; longer talks about a quarter, at least two; never all of them.
  const keep = list.length <= 3 ? 1 : Math.min(list.length - 1, Math.max(2, Math.round(list.length * 0.25)));
  const chosen = new Set(scored.sort((a, b) => b.score - a.score).slice(0, keep).map((s) => s.i));
  return list.filter((_, i) => chosen.has(i)).join(' ');
}

function picked(text: string, cue: RegExp, none: string): string {
  const found = sentences(cleanUp(text)).filter((s) => cue.test(s));
  return found.length > 0 ? found.map((s) => `- ${s}`).join('\n') : none;
}

export function createLocalComposer(): LocalComposer {
  return {
    name: 'Local text composer',
    // A devil's advocate needs reasoning about the argument: no rule does that honestly.
    supports: (type) => LOCAL_COMPOSER_TYPES.includes(type),
    compose(text, type) {
      switch (type) {
        case 'raw':
          return text;
        case 'refined': {
          // Capitals and full stops alone are not a refinement: nothing was removed, nothing to charge for.
          const clean = cleanUp(text);
          return sameWords(text, clean) ? null : clean;
        }
        case 'summary':
          return summarise(text);
        case 'action_points':
          return picked(text, ACTION, 'No action points were found in this recording (no sentence says who will do what).');
        case 'conclusions':
          return picked(text, CONCLUSION, 'No explicit conclusions were found in this recording.');
        default:
          throw new Error(`The local composer cannot make ${type}`);
      }
    },
  };
}
