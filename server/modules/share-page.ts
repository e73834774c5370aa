import { LOCAL_PREVIEW_NOTE, MOCKUP_BACKGROUND_LABELS, MOCKUP_STYLE_LABELS } from '../../contract/ai.ts';
import { APP_NAME } from '../../contract/constants.ts';
import { HEADSHOT_BACKGROUNDS } from '../../contract/headshot.ts';
import { THUMBNAIL_STYLES } from '../../contract/thumbnail.ts';
import { toolTitle } from '../../contract/tools.ts';

/**
 * What a shared item's page is called (its <title>, og: and twitter: tags, and the document title the app sets):
 * named after what its owner made (their prompt, the style they chose, the caption), the tool second:
 * "Coffee mug mockup · Mockup Generator". The description says what it is and who made it. Text the engine wrote
 * about itself (LOCAL_PREVIEW_NOTE) is never part of either. Plain text: the page's HTML escapes it.
 */
export interface SharePage {
  title: string;
  description: string;
}

const TITLE_SUBJECT_MAX = 70;
const DESCRIPTION_MAX = 200;

/** What a file's page is built from (a file row's columns). */
export interface SharedFileFacts {
  toolName: string | null;
  prompt: string | null;
  metadata: Record<string, unknown> | null;
  entityType: string;
  originalFilename: string | null;
}

/** What a content item's page is built from. */
export interface SharedContentFacts {
  title: string;
  contentType: string;
  content: string;
}

/** Who made a shared item, as its page's description names them. */
export const ownerName = (owner: { name: string | null } | undefined) => owner?.name?.trim() || `an ${APP_NAME} creator`;

/** Each of the engine's preview notes taken out with the rest of its sentence, then the spaces tidied. */
export function withoutEngineNote(text: string): string {
  const note = LOCAL_PREVIEW_NOTE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(`${note}[^.\\n]*\\.?`, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word where there is one, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** Ended as a sentence, unless it ends with punctuation or a hashtag (a caption's tags take no full stop). */
const sentence = (text: string) => (/[.!?…]$|(^|\s)[#@]\S+$/.test(text) ? text : `${text}.`);
const str = (value: unknown) => (typeof value === 'string' ? withoutEngineNote(value) : '');
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A page from its subject (what was made), a line about it (a text's own words), and the tool that made it. Who made
 * it ends the description when there is room: the line about the item comes first.
 */
function page(subject: string, about: string | null, tool: string | null, owner: string): SharePage {
  const made = tool ? `Made by ${owner} with ${tool} on ${APP_NAME}.` : `Shared by ${owner} on ${APP_NAME}.`;
  const title = clip(subject, TITLE_SUBJECT_MAX);
  const described = about ? sentence(about) : '';
  return {
    title: tool ? `${title} · ${tool}` : title,
    description: !described ? made : [...described].length + 1 + made.length <= DESCRIPTION_MAX ? `${described} ${made}` : clip(about!, DESCRIPTION_MAX),
  };
}

/** The subject and a line about a file, from what its tool records of the owner's choices. */
function aboutFile(file: SharedFileFacts): { subject: string; about: string | null } {
  const meta = file.metadata ?? {};
  const prompt = file.prompt ? withoutEngineNote(file.prompt) : '';
  switch (file.toolName) {
    case 'mockup-generator': {
      // Its prompt is the tool's own description of the template drawn: the owner chose the style and background.
      const style = str(meta.style);
      const custom = style === 'custom' ? str(meta.customStyle) : '';
      const named = MOCKUP_STYLE_LABELS[style as keyof typeof MOCKUP_STYLE_LABELS];
      const subject = custom || (named && style !== 'custom' ? `${named} mockup` : 'Custom mockup');
      const background = MOCKUP_BACKGROUND_LABELS[str(meta.background) as keyof typeof MOCKUP_BACKGROUND_LABELS];
      return { subject, about: background ? `A product mockup on a ${lowerFirst(background)} background` : 'A product mockup' };
    }
    case 'thumbnail-generator': {
      const style = THUMBNAIL_STYLES.find((s) => s.id === meta.style)?.name;
      const text = str(meta.thumbnailText);
      const kind = style ? `A ${style} video thumbnail` : 'A video thumbnail';
      if (text) return { subject: text, about: prompt ? `${kind}: ${prompt}` : kind };
      return { subject: prompt || (style ? `${style} thumbnail` : 'Video thumbnail'), about: kind };
    }
    case 'ai-headshot': {
      const style = str(meta.style);
      const background = str(meta.customBackground) || HEADSHOT_BACKGROUNDS.find((b) => b.id === meta.background)?.name;
      const kind = `${style ? `A ${style.toLowerCase()}` : 'A'} headshot${background ? `, ${lowerFirst(background)} background` : ''}`;
      return { subject: prompt || (style ? `${style} headshot` : 'Headshot'), about: prompt ? kind : background ? kind : null };
    }
    case 'ai-photoshoot':
      return { subject: prompt || 'Photo shoot portrait', about: prompt ? 'A photo shoot portrait' : null };
    case 'image-variator':
      return { subject: prompt || 'Image variation', about: prompt ? 'An image variation' : null };
    default: {
      const name = file.originalFilename ? withoutEngineNote(file.originalFilename) : '';
      return { subject: name || prompt || file.entityType.replaceAll('_', ' '), about: null };
    }
  }
}

/** A shared file's page: "<what was made> · <tool>", and what it is, by whom. */
export function fileSharePage(file: SharedFileFacts, owner: string): SharePage {
  const { subject, about } = aboutFile(file);
  // An upscaled copy keeps its source's tool, prompt and choices.
  const scale = file.metadata?.upscaled_from ? file.metadata.scale_factor : undefined;
  const upscaled = typeof scale === 'number' ? `upscaled ${scale}x` : null;
  const line = about && upscaled ? `${about}, ${upscaled}` : (about ?? (upscaled ? `Upscaled ${scale}x` : null));
  return page(subject, line, toolTitle(file.toolName), owner);
}

/** The tool that writes each kind of content. */
const CONTENT_TOOLS: Record<string, string> = {
  caption: 'caption-generator',
  transcription: 'transcription',
  refined_transcript: 'transcription',
  summary: 'transcription',
};

/** A shared text's page: its title (a caption's first words), the tool second, and the start of the text. */
export function contentSharePage(item: SharedContentFacts, owner: string): SharePage {
  const text = withoutEngineNote(item.content);
  const subject = withoutEngineNote(item.title) || clip(text, TITLE_SUBJECT_MAX) || item.contentType.replaceAll('_', ' ');
  return page(subject, text || null, toolTitle(CONTENT_TOOLS[item.contentType] ?? null), owner);
}
