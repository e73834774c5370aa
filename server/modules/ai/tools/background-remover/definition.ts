import { generatedImageResponse } from '../../../../../contract/ai.ts';
import { backgroundRemoverRequest } from '../../../../../contract/background-remover.ts';
import type { ServerToolDefinition } from '../definition.ts';
import { createBackgroundRemover } from './background-remover.ts';

/** Background Remover, server side: its use case on the durable path and its own route. */
export const backgroundRemover = {
  schemas: { request: backgroundRemoverRequest, response: generatedImageResponse },
  durable: {
    call: 'background-remover',
    make: (lifecycle, { providers, images }) => createBackgroundRemover({ lifecycle, providers, images }),
  },
  route: { summary: 'Background Remover: a PNG of the photo with a transparent background (the local engine: people only); 202 and the status URL when it takes longer' },
  sample: ({ person }) => ({ imageData: person }),
} as const satisfies ServerToolDefinition;
