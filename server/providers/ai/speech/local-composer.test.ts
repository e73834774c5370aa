import { describe, expect, it } from 'vitest';
import { cleanUp, createLocalComposer, summarise } from './local-composer.ts';

const composer = createLocalComposer();

describe('the local text composer', () => {
  it('refined: drops fillers and stammered repeats, capitalises and ends sentences', () => {
    expect(cleanUp('um so we we need the report uh by friday. you know it matters')).toBe('So we need the report by friday. It matters.');
  });

  it('summary: keeps the sentences about what recurs, in spoken order, and fewer than were said', () => {
    const text = [
      'The budget for the launch is ten thousand dollars.',
      'I had coffee this morning.',
      'The launch budget covers ads and the launch video.',
      'It rained yesterday.',
      'We will spend most of the budget on the launch ads.',
      'My cat is asleep.',
      'Parking was hard.',
      'The weather is nice.',
    ].join(' ');
    const summary = summarise(text);
    expect(summary).toContain('launch');
    expect(summary).not.toContain('cat');
    expect(summary.length).toBeLessThan(text.length / 2);
  });

  it('action points: a checklist of sentences that say who will do what, or an honest none', () => {
    expect(composer.compose('We met today. Anna will send the deck by friday. The room was cold. Please book the venue.', 'action_points')).toBe(
      '- Anna will send the deck by friday.\n- Please book the venue.',
    );
    expect(composer.compose('The sky is blue.', 'action_points')).toMatch(/No action points were found/);
  });

  it('conclusions: sentences with a conclusion cue', () => {
    expect(composer.compose('We compared both. We decided to ship in March. Lunch was late.', 'conclusions')).toBe('- We decided to ship in March.');
  });

  it("refuses a devil's advocate: it needs reasoning no rule does honestly", () => {
    expect(composer.supports('devils_advocate')).toBe(false);
    expect(['raw', 'refined', 'summary', 'conclusions', 'action_points'].every((t) => composer.supports(t as never))).toBe(true);
    expect(() => composer.compose('x', 'devils_advocate')).toThrow();
  });
});
