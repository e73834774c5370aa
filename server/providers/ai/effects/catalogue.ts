/**
 * The effects by name and the words that ask for them. A prompt names an effect when one of its words or phrases
 * appears (whole words, any case; British and American spellings); longer phrases win over the words inside them,
 * so "oil painting" is Oil paint, not the "painting" of Watercolour, and "film noir" is Noir, not Vintage film.
 */

export interface EffectInfo {
  id: string;
  name: string;
}

interface Entry extends EffectInfo {
  /** Regular-expression alternatives, matched as whole words. */
  words: string[];
}

const CATALOGUE: Entry[] = [
  { id: 'watercolour', name: 'Watercolour', words: ['water ?colou?rs?', 'aquarelle', 'painting', 'painted', 'paint', 'gouache'] },
  { id: 'pencil-sketch', name: 'Pencil sketch', words: ['pencil', 'sketch(?:ed|y|es)?', 'drawing', 'drawn', 'graphite', 'charcoal'] },
  { id: 'cartoon', name: 'Cartoon', words: ['cartoon(?:ish|y|s)?', 'posteri[sz]ed?', 'anime', 'cel[- ]?shad(?:ed|ing)', 'toon', 'animated'] },
  { id: 'oil-paint', name: 'Oil paint', words: ['oil[- ]?paint(?:ing|ed)?s?', 'oils', 'impasto', 'van gogh', 'impressionis[tm]', 'brush ?strokes?', 'on canvas'] },
  { id: 'golden-hour', name: 'Golden hour', words: ['golden hour', 'golden', 'sunset', 'sunrise', 'dusk', 'warm', 'sunlit', 'magic hour', 'autumn'] },
  { id: 'black-and-white', name: 'Black and white', words: ['black (?:and|&) white', 'b ?& ?w', 'b/w', 'monochrome', 'gr[ae]y ?scale', 'colou?rless'] },
  { id: 'vintage-film', name: 'Vintage film', words: ['vintage', 'retro', 'film', 'analog(?:ue)?', '(?:19)?[5-8]0s', 'old photo', 'old', 'kodak', 'polaroid', 'nostalgic'] },
  { id: 'neon', name: 'Neon', words: ['neon', 'glow(?:ing|s)?', 'electric', 'lasers?', 'light ?trails?'] },
  { id: 'duotone', name: 'Duotone', words: ['duo[- ]?tone', 'two[- ]tone', 'two colou?rs?'] },
  { id: 'high-key', name: 'High key', words: ['high[- ]key', 'bright', 'airy', 'overexposed', 'light and airy'] },
  { id: 'low-key', name: 'Low key', words: ['low[- ]key', 'dark', 'moody', 'shadowy', 'chiaroscuro', 'dramatic'] },
  { id: 'hdr', name: 'HDR', words: ['hdr', 'high dynamic range', 'detailed', 'crisp', 'sharpen(?:ed)?', 'clarity'] },
  { id: 'blur-background', name: 'Blur background', words: ['blur(?:red)? (?:the )?background', 'background blur', 'bokeh', 'portrait mode', 'depth of field', 'shallow focus', 'blur(?:red|ry)?'] },
  { id: 'vignette', name: 'Vignette', words: ['vignett(?:e|ed|ing)', 'spotlight', 'dark corners'] },
  { id: 'sepia', name: 'Sepia', words: ['sepia', 'antique', 'old[- ]fashioned', 'daguerreotype', 'wild west', 'western', 'brown tones?'] },
  { id: 'cinematic', name: 'Cinematic', words: ['cinematic', 'teal (?:and |& )?orange', 'movie', 'hollywood', 'blockbuster', 'widescreen', 'cinema', 'film look'] },
  { id: 'pastel', name: 'Pastel dream', words: ['pastel', 'dream(?:y|like)?', 'soft', 'ethereal', 'fairy ?tale', 'whimsical', 'gentle', 'romantic'] },
  { id: 'pop-art', name: 'Pop art', words: ['pop[- ]?art', 'warhol', 'pop', 'screen ?print(?:ed)?', 'lichtenstein'] },
  { id: 'noir', name: 'Noir', words: ['film noir', 'noir', 'detective', '1940s', '40s', 'gritty'] },
  { id: 'cyberpunk', name: 'Cyberpunk', words: ['cyber ?punk', 'cyber', 'futuristic', 'sci[- ]?fi', 'synth ?wave', 'vapou?r ?wave', 'blade runner'] },
  { id: 'infrared', name: 'Infrared', words: ['infra[- ]?red', 'ir', 'false colou?r', 'aerochrome', 'thermal'] },
  { id: 'faded', name: 'Faded', words: ['faded', 'fade', 'matte', 'washed[- ]out', 'muted', 'desaturated'] },
  { id: 'cool', name: 'Cool blue', words: ['cool', 'cold', 'winter', 'icy', 'ice', 'frozen', 'snowy?', 'blue tones?', 'night'] },
  { id: 'vivid', name: 'Vivid', words: ['vivid', 'vibrant', 'colou?rful', 'saturated', '(?:bold|bright) colou?rs', 'punchy'] },
  { id: 'comic-ink', name: 'Comic ink', words: ['comic(?: book)?s?', 'inked', 'ink', 'pen and ink', 'manga', 'graphic novel', 'line art', 'halftone'] },
];

export const EFFECTS: readonly EffectInfo[] = CATALOGUE.map(({ id, name }) => ({ id, name }));

const patterns = CATALOGUE.map((entry) => ({
  id: entry.id,
  regex: new RegExp(`(?<![a-z0-9])(?:${entry.words.join('|')})(?![a-z0-9])`, 'gi'),
}));

/** Every effect the prompt names, in the order the prompt names them, each once. */
export function chooseEffects(prompt: string): EffectInfo[] {
  const found: { start: number; end: number; id: string }[] = [];
  for (const { id, regex } of patterns) {
    for (const m of prompt.matchAll(regex)) found.push({ start: m.index, end: m.index + m[0].length, id });
  }
  // Earliest first; at one place the longest phrase; then drop matches inside a phrase already taken.
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const ids: string[] = [];
  let taken = 0;
  for (const match of found) {
    if (match.start < taken) continue;
    taken = match.end;
    if (!ids.includes(match.id)) ids.push(match.id);
  }
  return ids.map((id) => EFFECTS.find((e) => e.id === id)!);
}

/** FNV-1a: a stable hash, so one prompt always gets one effect. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The first effect the prompt names; otherwise one picked by a hash of the prompt and salt (stable). */
export function chooseEffect(prompt: string, salt = 0): EffectInfo {
  const named = chooseEffects(prompt)[0];
  if (named) return named;
  return EFFECTS[hash(`${prompt.trim().toLowerCase()}\u0000${salt}`) % EFFECTS.length]!;
}
