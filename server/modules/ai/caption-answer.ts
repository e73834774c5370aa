import { z } from 'zod';
import { HASHTAG_COUNT } from '../../../contract/captions.ts';
import type { CaptionSettings } from '../../providers/ai/local/caption.ts';

/** The instruction a vision model gets: the settings in words, and the JSON answer we read back. */
export function captionPrompt(settings: CaptionSettings): string {
  const sentences = { Short: '1-2 sentences', Medium: '2-3 sentences', Long: '4-5 sentences', 'Very Long': '6-8 sentences' }[settings.length];
  const platform = {
    Instagram: 'Instagram (an engaging, emoji-friendly caption)',
    Facebook: 'Facebook (a conversational post that invites comments)',
    'X (Twitter)': 'X (Twitter) (the caption plus its hashtags must fit in 280 characters)',
    LinkedIn: 'LinkedIn (a professional post in short paragraphs, no slang)',
  }[settings.platform];
  const lines = [
    `Write a social media caption for this image for ${platform}.`,
    `Length: ${settings.length} (${sentences}). Tone: ${settings.tone}. Language: write the caption in ${settings.language}.`,
    'Describe only what is visible in the image; do not invent names, places or events.',
  ];
  if (settings.context.trim()) lines.push(`Context from the creator: """${settings.context.trim()}"""`);
  lines.push(`Suggest between ${HASHTAG_COUNT.min} and ${HASHTAG_COUNT.max} relevant hashtags, without the # sign.`);
  if (settings.additionalHashtags.length) lines.push(`Include these hashtags among them: ${settings.additionalHashtags.join(', ')}.`);
  lines.push('Do not put hashtags inside the caption.', 'Answer with JSON only, in this shape: {"caption": "…", "hashtags": ["…", "…"]}');
  return lines.join('\n');
}

const answerSchema = z.object({
  caption: z.string(),
  hashtags: z.union([z.array(z.string()), z.string().transform((s) => s.split(/[\s,]+/))]).default([]),
});

function tryJson(text: string): { caption: string; hashtags: string[] } | null {
  try {
    const parsed = answerSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.caption.trim() ? { caption: parsed.data.caption.trim(), hashtags: parsed.data.hashtags } : null;
  } catch {
    return null;
  }
}

const HASHTAG = /#([\p{L}\p{N}_]+)/gu;

/**
 * Reads a model's answer: JSON {caption, hashtags} as asked, also inside a code fence or between other text; else
 * the raw text is the caption and its '#words' are the hashtags (taken out of the caption).
 */
export function parseCaptionAnswer(raw: string): { caption: string; hashtags: string[] } {
  const text = raw.trim();
  const candidates: string[] = [text];
  for (const fence of text.matchAll(/```(?:json|JSON)?\s*([\s\S]*?)```/g)) candidates.push(fence[1]!.trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    const answer = tryJson(candidate);
    if (answer) return answer;
  }
  const hashtags = [...text.matchAll(HASHTAG)].map((m) => m[1]!);
  const caption = text
    .replace(/```[a-zA-Z]*/g, '')
    .replace(HASHTAG, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  return { caption, hashtags };
}
