import { describe, expect, it } from 'vitest';
import { cleanUp, createLocalComposer, sameWords, sentences, summarise } from './local-composer.ts';

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
    const summary = summarise(text)!;
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

  // A real meeting as a speech provider writes it down: punctuated, with the fillers people say.
  const meeting = [
    'Um, okay, so thanks everyone for joining the launch planning call.',
    'The main thing today is the budget for the spring launch.',
    'We have ten thousand dollars for the launch, and uh most of it goes to ads.',
    'I had a long drive this morning, the traffic was terrible.',
    'Anna will write the launch brief by Friday.',
    'Marco needs to book the video studio for the launch video.',
    'We looked at both agencies and we decided to go with the smaller one.',
    'So the launch budget covers ads, the video and the agency.',
    'My coffee went cold, you know, while we talked.',
    'Overall we agreed to launch on the second of May.',
  ].join(' ');
  const cleanSentences = new Set(sentences(cleanUp(meeting)));

  it('every offered type changes a real multi-sentence transcript the way its name says', () => {
    const refined = composer.compose(meeting, 'refined')!;
    expect(refined).not.toMatch(/\b(um|uh|you know)\b/i);
    expect(sameWords(meeting, refined)).toBe(false);
    expect(refined).toContain('Anna will write the launch brief by Friday.');

    const summary = composer.compose(meeting, 'summary')!;
    expect(summary.length).toBeLessThan(meeting.length / 2);
    // Made of the transcript's own sentences, and about the launch, not the drive or the coffee.
    for (const sentence of sentences(summary)) expect(cleanSentences.has(sentence), sentence).toBe(true);
    expect(summary).toMatch(/launch/);
    expect(summary).not.toMatch(/coffee|traffic/);

    const actions = composer.compose(meeting, 'action_points')!.split('\n');
    expect(actions).toEqual(['- Anna will write the launch brief by Friday.', '- Marco needs to book the video studio for the launch video.']);

    // What was decided and concluded, not the greeting that says "so".
    expect(composer.compose(meeting, 'conclusions')!.split('\n')).toEqual([
      '- We looked at both agencies and we decided to go with the smaller one.',
      '- So the launch budget covers ads, the video and the agency.',
      '- Overall we agreed to launch on the second of May.',
    ]);
  });

  it('a summary of two or three sentences picks one of them: never the whole transcript back', () => {
    const three = 'We agreed to launch in May. The launch needs a brief and a launch video. The room was cold.';
    const summary = summarise(three)!;
    expect(sentences(three)).toContain(summary);
    expect(summary).toMatch(/launch/);
    expect(summary.length).toBeLessThan(three.length);
  });

  it('a refinement that would only repeat the text answers null (issue 26: a capital letter added is not a summary)', () => {
    // The local draft engine writes lower case without punctuation: one sentence of it cannot be summarised.
    const draft = 'please send the quarterly report to the marketing team by friday we will review the numbers together next week';
    expect(composer.compose(draft, 'summary')).toBeNull();
    expect(composer.compose(draft, 'refined')).toBeNull();
    expect(composer.compose('We met. Nothing else.', 'refined')).toBeNull();
    // With fillers to remove, refined is a refinement.
    expect(composer.compose('um we met uh on friday', 'refined')).toBe('We met on friday.');
  });

  it('sameWords ignores capitals, punctuation and spacing only', () => {
    expect(sameWords('so we met', 'So, we met.')).toBe(true);
    expect(sameWords('Así que nos vimos', 'así que  nos vimos!')).toBe(true);
    expect(sameWords('so we met', 'We met.')).toBe(false);
  });
});
