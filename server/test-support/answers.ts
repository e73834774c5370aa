import { z } from 'zod';
import { creditsSchema } from '../../contract/auth.ts';
import { creditPackageSchema, creditTransactionSchema, decimalString } from '../../contract/credits.ts';
import { contentItemSchema, galleryItemSchema } from '../../contract/files.ts';

/**
 * Answers whose wrapper the routes declare inline today (issue 9 moves every one into contract/). Built from the
 * contract's own item schemas, so a test still fails when an answer drifts from what the browser reads; when
 * contract/ exports the wrapper, import it instead and delete it here.
 */
export const balanceAnswer = z.object({ balance: creditsSchema });
export const transactionsAnswer = z.object({ transactions: z.array(creditTransactionSchema) });
export const packagesAnswer = z.object({ packages: z.array(creditPackageSchema) });
export const uploadAnswer = z.object({ file: galleryItemSchema });
export const mockupSubmittedAnswer = z.object({ job_id: z.string(), credits_held: z.string() });
export const contentItemAnswer = contentItemSchema;
export const deletedAnswer = z.object({ deleted: z.literal(true) });
export const clearedAnswer = z.object({ deleted: z.number().int() });
export const visibilityAnswer = z.object({ is_public: z.boolean() });
export const shareUrlAnswer = z.object({ share_url: z.string(), is_public: z.boolean() });
export const shareCountAnswer = z.object({ share_count: z.number().int() });
export const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });
const toolPrice = z.object({ dollar_amount: decimalString, tool_id: z.string(), service_type: z.string() });
export const toolPricingAnswer = z.object({ tool_pricing: z.record(z.string(), toolPrice) });
export const toolPricingDetailAnswer = z.object({
  tool_id: z.string(),
  title: z.string(),
  service_type: z.string(),
  service_variant: z.string(),
  dollar_amount: decimalString,
  variants: z.array(z.object({ service_variant: z.string(), user_cost_credits: decimalString, description: z.string() })),
});
