import { billableMinutes, REFINEMENT_LABELS, TRANSCRIPTION_MESSAGES, type RefinementType } from '../../../contract/transcriptions.ts';
import { badRequest } from '../../lib/errors.ts';
import { costOf } from '../../providers/ai/cost.ts';
import type { LocalComposer } from '../../providers/ai/speech/local-composer.ts';
import type { ProviderCost, SpeechTranscriber, TextRefiner } from '../../providers/ai/types.ts';
import type { ContentService } from '../content/service.ts';
import { TRANSCRIPTION_TOOL, type TranscriptionProviders, type TranscriptionsDeps } from './deps.ts';

/**
 * Refinements: what the text provider is asked for each type, which engine refines a transcript and at which price
 * variant, and the bot's refinement of a text sent to it.
 */

/** Words a minute of speech holds: a text sent to be refined is priced as the minutes it would take to say. */
export const WORDS_PER_MINUTE = 150;

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

type Refiner = { kind: 'none' } | { kind: 'provider'; refiner: TextRefiner } | { kind: 'local'; composer: LocalComposer };

/** How the text gets refined and which price variant pays for it (docs: issue 11 money rules). */
export function planFor(type: RefinementType, transcriber: SpeechTranscriber, providers: TranscriptionProviders): { variant: string; refine: Refiner } {
  const draft = transcriber.draft === true;
  if (type === 'raw') return { variant: draft ? 'local' : 'raw', refine: { kind: 'none' } };
  // A draft is refined on this machine only: its words are too unreliable to pay a provider for.
  if (!draft && providers.refiner) return { variant: type, refine: { kind: 'provider', refiner: providers.refiner } };
  if (providers.localComposer.supports(type)) return { variant: draft ? 'local' : 'raw', refine: { kind: 'local', composer: providers.localComposer } };
  throw badRequest(draft ? TRANSCRIPTION_MESSAGES.draftRefinementUnavailable : TRANSCRIPTION_MESSAGES.refinementUnavailable);
}

/**
 * The refined text (null: none asked, or the local composer's refinement would only have repeated the text, which
 * is then not charged: see `refinementNote`), and what the provider's call cost where one was made.
 */
export async function refineWith(refine: Refiner, text: string, type: RefinementType): Promise<{ text: string | null; cost?: ProviderCost }> {
  if (refine.kind === 'none' || type === 'raw') return { text: null };
  if (refine.kind === 'local') return { text: refine.composer.compose(text, type) };
  const refined = await refine.refiner.refine({ text, instruction: REFINEMENT_PROMPTS[type] });
  return { text: refined.text, cost: costOf(refined) };
}

/**
 * Refines a text sent to the bot: priced as the minutes it would take to say (WORDS_PER_MINUTE) at the type's
 * per-minute price, or free on the local composer; saved as a content item.
 */
export function createTextRefinement(deps: Pick<TranscriptionsDeps, 'lifecycle' | 'providers' | 'content'>) {
  const { lifecycle, providers } = deps;
  return async function refineText(input: { userId: string; text: string; type: RefinementType }): Promise<{ text: string; charged: string; draft: boolean }> {
    const text = input.text.trim();
    if (!text) throw badRequest('Send some text to refine.');
    const type = input.type === 'raw' ? 'refined' : input.type;
    const local = !providers.refiner;
    if (local && !providers.localComposer.supports(type)) throw badRequest(TRANSCRIPTION_MESSAGES.refinementUnavailable);
    // The local composer is run before anything is held: a refinement that would only repeat the text is refused, free.
    const composed = local ? providers.localComposer.compose(text, type) : undefined;
    if (composed === null) throw badRequest(TRANSCRIPTION_MESSAGES.textUnchanged(REFINEMENT_LABELS[type].label));
    const words = text.split(/\s+/).length;
    const done = await lifecycle.run(
      {
        userId: input.userId,
        tool: TRANSCRIPTION_TOOL,
        serviceType: 'transcription',
        variant: local ? 'local' : type,
        quantity: billableMinutes((words / WORDS_PER_MINUTE) * 60),
        description: `Text refinement (${REFINEMENT_LABELS[type].label})`,
        provider: local ? providers.localComposer.name : providers.refiner!.name,
        prompt: text.slice(0, 200),
      },
      async () => {
        const refinement = composed !== undefined ? { text: composed } : await refineWith({ kind: 'provider', refiner: providers.refiner! }, text, type);
        const out = refinement.text ?? text;
        return {
          out,
          ...(refinement.cost ? { providerCost: refinement.cost } : {}),
          record: (tx: Parameters<ContentService['createIn']>[0]) =>
            deps.content.createIn(tx, {
              userId: input.userId,
              title: `${REFINEMENT_LABELS[type].label} from Telegram`,
              contentType: type === 'summary' ? 'summary' : 'refined_transcript',
              content: out,
            }),
        };
      },
    );
    return { text: done.result.out, charged: done.charged, draft: local };
  };
}
