import { z } from 'zod';
import type { RecordedAiRequest } from './http.ts';

/**
 * The JSON request bodies the fakes read, as the providers' references publish them. Objects are loose: a field
 * the fake does not read stays in the parsed body, so a test comparing a whole body still sees everything sent.
 */

/** Gemini's Blob; the REST API takes the proto field names in camelCase or snake_case. */
const geminiBlob = z.looseObject({ data: z.string(), mimeType: z.string().optional(), mime_type: z.string().optional() });
const geminiPart = z.looseObject({ text: z.string().optional(), inlineData: geminiBlob.optional(), inline_data: geminiBlob.optional() });
const geminiContent = z.looseObject({ role: z.string().optional(), parts: z.array(geminiPart) });
const geminiGenerationConfig = z.looseObject({
  responseModalities: z.array(z.string()).optional(),
  response_modalities: z.array(z.string()).optional(),
  temperature: z.number().optional(),
  imageConfig: z.looseObject({ aspectRatio: z.string().optional() }).optional(),
  image_config: z.looseObject({ aspect_ratio: z.string().optional() }).optional(),
});
export type GeminiGenerationConfig = z.infer<typeof geminiGenerationConfig>;

/** POST /v1beta/models/{model}:generateContent */
export const geminiGenerateContentBody = z.looseObject({
  contents: z.array(geminiContent).min(1),
  generationConfig: geminiGenerationConfig.optional(),
  generation_config: geminiGenerationConfig.optional(),
  systemInstruction: geminiContent.optional(),
  system_instruction: geminiContent.optional(),
});
export type GeminiGenerateContentBody = z.infer<typeof geminiGenerateContentBody>;

/** A chat message's content: a string, or parts (text, image_url). */
const openAiContentPart = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  image_url: z.looseObject({ url: z.string() }).optional(),
});
/** Checked first, as OpenAI names a missing model before anything else. */
export const sentModel = z.looseObject({ model: z.string().min(1) });
/** POST /v1/chat/completions */
export const openAiChatBody = sentModel.extend({
  messages: z.array(z.looseObject({ role: z.string(), content: z.union([z.string(), z.array(openAiContentPart)]) })),
});

/** A prediction's input for the upscalers the app runs (clarity-upscaler, real-esrgan). */
export const replicateInput = z.looseObject({ image: z.string(), scale_factor: z.number().optional() });
export type ReplicateInput = z.infer<typeof replicateInput>;
/** POST /v1/predictions (with a version) and POST /v1/models/{owner}/{name}/predictions (without). */
export const replicateCreateBody = z.looseObject({ version: z.string().optional(), input: replicateInput });

/** A recorded request's JSON body, parsed with its schema; fails with the body when it was sent otherwise. */
export function jsonOf<S extends z.ZodType>(request: RecordedAiRequest, schema: S): z.infer<S> {
  const parsed = schema.safeParse(request.json);
  if (!parsed.success) {
    throw new Error(`${request.method} ${request.path} sent another body: ${z.prettifyError(parsed.error)}\nbody: ${request.rawBody.toString('utf8').slice(0, 2000)}`);
  }
  return parsed.data;
}
