import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { TOOL_STATUSES } from '../../../contract/tools.ts';

/** The tool catalogue as the admin area has set it; seeded from contract/tools.ts. */
export const toolsConfig = pgTable('tools_config', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  shortDescription: text('short_description').notNull(),
  iconName: text('icon_name').notNull(),
  path: text('path').notNull(),
  /** Typed by `enum` only (no migration, no check): rows are seeded from contract/tools.ts, whose schema says the same. */
  status: text('status', { enum: TOOL_STATUSES }).notNull(),
  color: text('color').notNull(),
  sortOrder: integer('sort_order').notNull(),
  requiresAuth: boolean('requires_auth').notNull().default(true),
  category: text('category').notNull(),
  featured: boolean('featured').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
