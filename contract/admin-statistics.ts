import { z } from 'zod';
import { decimalString } from './credits.ts';

/**
 * Statistics & Analytics and Referrer Tracking (spec 3 §2, §3, §7): queries over generations, the ledger, files,
 * visits and payments, never separate counters. Rates and durations are numbers (rounded to two places); credits and
 * money are decimal strings (1 credit = $1).
 */

/** The range choices of the Statistics tab (spec 3 §2), default 30. */
export const STATISTICS_DAYS = [7, 30, 90, 365] as const;
export type StatisticsDays = (typeof STATISTICS_DAYS)[number];
export const DEFAULT_STATISTICS_DAYS: StatisticsDays = 30;
/** The sub-tabs; every action answers all sections (the tab loads once and its sub-tabs are views of one answer). */
export const STATISTICS_ACTIONS = ['overview', 'tools', 'prompts', 'users'] as const;
export type StatisticsAction = (typeof STATISTICS_ACTIONS)[number];
/** How many popular prompts are listed (spec 3 §2). */
export const POPULAR_PROMPTS_LIMIT = 20;
/** A prompt's length category by characters: short below 50, medium below 150, long from 150. */
export const PROMPT_LENGTH_BOUNDS = { medium: 50, long: 150 } as const;
export const PROMPT_LENGTH_CATEGORIES = ['short', 'medium', 'long'] as const;
/** Popular prompts carry their text cut to this many characters (the text is the user's: shown as text only). */
export const POPULAR_PROMPT_TEXT_MAX = 200;

const daysMessage = `Days must be one of ${STATISTICS_DAYS.join(', ')}`;

/** GET /api/admin/statistics?action=overview&days={7|30|90|365}. */
export const adminStatisticsQuery = z.object({
  action: z.enum(STATISTICS_ACTIONS).default('overview'),
  days: z.coerce
    .number({ error: daysMessage })
    .refine((d): d is StatisticsDays => (STATISTICS_DAYS as readonly number[]).includes(d), { message: daysMessage })
    .default(DEFAULT_STATISTICS_DAYS),
});
export type AdminStatisticsQuery = z.infer<typeof adminStatisticsQuery>;

export const toolUsageSchema = z.object({
  /** The tool id (`generations.tool`, the catalogue's ids). */
  tool_name: z.string(),
  /** Generations started in the range, whatever their outcome. */
  total_usage: z.number().int(),
  unique_users: z.number().int(),
  /** Completed ÷ (completed + failed) × 100; null while none has finished. */
  avg_success_rate: z.number().nullable(),
  /** Credits captured by the completed generations (the ledger's usage rows for them). */
  total_credits: decimalString,
  /** Output files recorded on the completed generations. */
  total_files: z.number().int(),
  /** Size of those outputs still stored, in MB (images are deleted after 30 days). */
  total_size_mb: z.number(),
  // Beyond the spec: the margin (spec 3 §9: (user cost − actual cost) ÷ user cost).
  /** What users paid, in USD (= total_credits, 1 credit = $1). */
  revenue_usd: decimalString,
  /** The pricing table's actual cost per unit charged, summed over the completed generations. */
  actual_cost_usd: decimalString,
  /** (revenue − actual cost) ÷ revenue × 100; null when nothing was charged. */
  margin_percent: z.number().nullable(),
});
export type ToolUsage = z.infer<typeof toolUsageSchema>;

export const userBehaviorSchema = z.object({
  /** Users who made a generation or a signed-in visit in the range. */
  total_active_users: z.number().int(),
  /** Accounts created in the range. */
  new_users: z.number().int(),
  /** Browser sessions (the visit `session_id`) seen in the range. */
  total_sessions: z.number().int(),
  /** Seconds from a session's first recorded visit to its last, averaged over the sessions. */
  avg_session_duration: z.number(),
  total_generations: z.number().int(),
  /** Sessions with a single recorded visit ÷ sessions × 100. */
  avg_bounce_rate: z.number(),
});
export type UserBehavior = z.infer<typeof userBehaviorSchema>;

export const popularPromptSchema = z.object({
  tool_name: z.string(),
  /** Beyond the spec: the prompt's text (the user's words; cut to POPULAR_PROMPT_TEXT_MAX characters). */
  prompt: z.string(),
  prompt_length: z.number().int(),
  word_count: z.number().int(),
  usage_count: z.number().int(),
  /** Completed ÷ (completed + failed) × 100; null while none has finished. */
  success_rate: z.number().nullable(),
  /** Seconds, averaged over the finished generations that recorded a time; null when none did. */
  avg_generation_time: z.number().nullable(),
  length_category: z.enum(PROMPT_LENGTH_CATEGORIES),
});
export type PopularPrompt = z.infer<typeof popularPromptSchema>;

export const adminStatisticsResponse = z.object({
  action: z.enum(STATISTICS_ACTIONS),
  days: z.number().int(),
  /** The start of the range (now − days). */
  since: z.string(),
  tool_usage: z.array(toolUsageSchema),
  user_behavior: userBehaviorSchema,
  popular_prompts: z.array(popularPromptSchema),
  generated_at: z.string(),
});
export type AdminStatistics = z.infer<typeof adminStatisticsResponse>;

// --- Referrer Tracking ---

/** The longest range the referrer table takes; visits are kept two years. */
export const REFERRER_DAYS_MAX = 730;
/** The range choices of the Referrer tab; none = every visit kept. */
export const REFERRER_DAYS = [7, 30, 90, 365] as const;

/** GET /api/admin/referrer-stats[?days]: without days, every visit kept. */
export const adminReferrerQuery = z.object({
  days: z.coerce
    .number({ error: `Days must be a whole number from 1 to ${REFERRER_DAYS_MAX}` })
    .int({ error: `Days must be a whole number from 1 to ${REFERRER_DAYS_MAX}` })
    .min(1, { error: `Days must be a whole number from 1 to ${REFERRER_DAYS_MAX}` })
    .max(REFERRER_DAYS_MAX, { error: `Days must be a whole number from 1 to ${REFERRER_DAYS_MAX}` })
    .optional(),
});
export type AdminReferrerQuery = z.infer<typeof adminReferrerQuery>;

/** 'Direct/None': a visit with no referring site (the value the site module stores). */
export const DIRECT_REFERRER = 'Direct/None';

export const referrerStatSchema = z.object({
  domain: z.string(),
  visit_count: z.number().int(),
  /** Distinct signed-in users among the visits. */
  unique_users: z.number().int(),
  unique_sessions: z.number().int(),
  // Beyond the spec: users are attributed to the referrer of their first recorded visit (by any visitor id they
  // were seen with); their completed purchases in the range count here.
  purchases: z.number().int(),
  revenue_usd: decimalString,
});
export type ReferrerStat = z.infer<typeof referrerStatSchema>;

export const adminReferrerResponse = z.object({
  days: z.number().int().nullable(),
  referrers: z.array(referrerStatSchema),
  generated_at: z.string(),
});
export type AdminReferrerStats = z.infer<typeof adminReferrerResponse>;
