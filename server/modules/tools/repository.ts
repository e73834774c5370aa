import { asc, eq } from 'drizzle-orm';
import type { ToolConfig } from '../../../contract/tools.ts';
import type { DbOrTx } from '../../db/client.ts';
import { toolsConfig } from '../../db/schema/index.ts';

type Row = typeof toolsConfig.$inferSelect;

const toConfig = (r: Row): ToolConfig => ({
  id: r.id,
  title: r.title,
  description: r.description,
  shortDescription: r.shortDescription,
  iconName: r.iconName,
  path: r.path,
  status: r.status,
  color: r.color,
  order: r.sortOrder,
  requiresAuth: r.requiresAuth,
  category: r.category,
  featured: r.featured,
});

export async function listTools(db: DbOrTx): Promise<ToolConfig[]> {
  const rows = await db.select().from(toolsConfig).orderBy(asc(toolsConfig.sortOrder), asc(toolsConfig.id));
  return rows.map(toConfig);
}

/** Adds catalogue tools the database does not have yet; never overwrites what the admin area set. */
export async function insertMissingTools(db: DbOrTx, tools: readonly ToolConfig[]): Promise<number> {
  if (tools.length === 0) return 0;
  const inserted = await db
    .insert(toolsConfig)
    .values(
      tools.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        shortDescription: t.shortDescription,
        iconName: t.iconName,
        path: t.path,
        status: t.status,
        color: t.color,
        sortOrder: t.order,
        requiresAuth: t.requiresAuth,
        category: t.category,
        featured: t.featured,
      })),
    )
    .onConflictDoNothing({ target: toolsConfig.id })
    .returning({ id: toolsConfig.id });
  return inserted.length;
}

export interface ToolPatch {
  status?: ToolConfig['status'];
  order?: number;
  featured?: boolean;
  title?: string;
  description?: string;
  shortDescription?: string;
  iconName?: string;
  path?: string;
  color?: string;
  category?: string;
  requiresAuth?: boolean;
}

/** Applies the changed fields of one tool (the admin area's writes); answers whether the row exists. */
export async function updateTool(db: DbOrTx, id: string, patch: ToolPatch, now: Date): Promise<boolean> {
  const { order, ...rest } = patch;
  const rows = await db
    .update(toolsConfig)
    .set({ ...rest, ...(order === undefined ? {} : { sortOrder: order }), updatedAt: now })
    .where(eq(toolsConfig.id, id))
    .returning({ id: toolsConfig.id });
  return rows.length > 0;
}

/** Locks the tool rows for the rest of the transaction, so two admins' saves apply one after the other. */
export async function lockTools(db: DbOrTx): Promise<void> {
  await db.select({ id: toolsConfig.id }).from(toolsConfig).for('update');
}
