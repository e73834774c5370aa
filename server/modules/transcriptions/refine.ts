import type { RefinementType } from '../../../contract/transcriptions.ts';

/** One instruction per refinement type, sent with the transcript to the text provider. */
export const REFINEMENT_PROMPTS: Record<Exclude<RefinementType, 'raw'>, string> = {
  refined:
    'Rewrite this transcript as clean, readable text: fix punctuation and capitalisation, remove filler words, false starts and repetitions, and split it into paragraphs. Keep the speaker’s words and meaning; add nothing. Answer with the text only.',
  summary:
    'Summarise this transcript in a few short paragraphs: the main topic first, then the key points in the order they were made. Use only what was said. Answer with the summary only.',
  conclusions:
    'List the conclusions and decisions reached in this transcript, one per line starting with "- ". Include only what the speakers concluded or decided; if there are none, say so in one sentence.',
  devils_advocate:
    "Play devil's advocate against the main argument of this transcript: list its weakest assumptions, the strongest counter-arguments and the questions a sceptic would ask, one per line starting with \"- \". Base every point on what was said.",
  action_points:
    'Extract the action points of this transcript as a checklist, one per line starting with "- [ ] ": what is to be done, by whom and by when when it was said. If there are none, say so in one sentence.',
};
