import { useState } from 'react';
import { HEADSHOT_MESSAGES, type HeadshotBackgroundId, type HeadshotStyle } from '../../../contract/headshot.ts';
import { stripDataUrl } from '../../lib/image-resize.ts';
import { useOneImageTool } from '../ai-shared/use-one-image-tool.ts';
import { generateHeadshot, HEADSHOT_TOOL_ID, type HeadshotBody } from './api.ts';
import { cropToSquare, type SquarePhoto } from './square-crop.ts';

/**
 * The headshot page's state (spec 3 §4: idle, generating, then result or error): the square photo, the style and
 * background chosen, and the paid call (lock, one Idempotency-Key per Generate, local deduction, 402 dialog).
 */
export function useHeadshot() {
  const [style, setStyle] = useState<HeadshotStyle>('Professional');
  const [background, setBackground] = useState<HeadshotBackgroundId>('photo-studio');
  const [customBackground, setCustomBackground] = useState('');
  /** The call's fields other than the photo: a Generate's, and a batch's options (issue 28). */
  const options = { style, background, ...(background === 'custom' ? { customBackground: customBackground.trim() } : {}) };
  const tool = useOneImageTool({
    upload: { prepare: (file) => cropToSquare(file, file.name) },
    send: generateHeadshot,
    request: (photo: SquarePhoto): HeadshotBody => ({ toolName: HEADSHOT_TOOL_ID, imageData: stripDataUrl(photo.dataUrl), mimeType: 'image/jpeg', ...options }),
    messages: HEADSHOT_MESSAGES,
  });

  return {
    ...tool,
    options,
    style,
    setStyle,
    background,
    setBackground,
    customBackground,
    setCustomBackground,
  };
}

export type HeadshotState = ReturnType<typeof useHeadshot>;
