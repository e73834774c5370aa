import { TOOL_CATALOGUE, TOOL_CATALOGUE_FIELDS, type ToolConfig, type ToolsConfigUpdate, type ToolsSyncResult } from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';

/** The fields the Tools Configuration tab writes (everything else is the catalogue's, through sync). */
const ADMIN_FIELDS = ['status', 'order', 'featured'] as const;

type Changes = { before: Record<string, unknown>; after: Record<string, unknown> };

function diff<K extends keyof ToolConfig>(from: ToolConfig, to: Pick<ToolConfig, K>, fields: readonly K[]): Changes | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of fields) {
    if (from[field] === to[field]) continue;
    before[field] = from[field];
    after[field] = to[field];
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

export function createToolsService(deps: { db: Db; audit: AuditRecorder; clock: Clock }) {
  const { db } = deps;
  return {
    /** Seeds tools missing from the database; run at start. */
    seed: () => repo.insertMissingTools(db, TOOL_CATALOGUE),
    list: () => repo.listTools(db),

    /**
     * The Tools Configuration tab's save: every stored tool once, in the order wanted. Writes status, featured and
     * the order renumbered 1..n; audits each tool that changed, in the same transaction.
     */
    async saveConfig(adminId: string, input: ToolsConfigUpdate): Promise<ToolConfig[]> {
      const seen = new Set<string>();
      for (const item of input.tools) {
        if (seen.has(item.id)) throw badRequest(`The tool ${item.id} is listed twice.`, { field: 'tools' });
        seen.add(item.id);
      }
      return db.transaction(async (tx) => {
        await repo.lockTools(tx);
        const stored = await repo.listTools(tx);
        const byId = new Map(stored.map((t) => [t.id, t]));
        // An id that is no tool is bad input (the list names its own tools), not a missing object: 400 at its place.
        const unknown = input.tools.findIndex((t) => !byId.has(t.id));
        if (unknown >= 0) throw badRequest(`There is no tool ${input.tools[unknown]!.id}.`, { field: `tools.${unknown}.id` });
        const missing = stored.filter((t) => !seen.has(t.id));
        if (missing.length > 0) {
          throw badRequest(`List every tool once, in the order wanted (missing: ${missing.map((t) => t.id).join(', ')}).`, { field: 'tools' });
        }
        const now = deps.clock.now();
        for (const [index, item] of input.tools.entries()) {
          const current = byId.get(item.id)!;
          const changes = diff(current, { status: item.status, featured: item.featured, order: index + 1 }, ADMIN_FIELDS);
          if (!changes) continue;
          await repo.updateTool(tx, item.id, changes.after, now);
          await deps.audit.record(tx, { adminId, area: 'tools', action: 'tool.update', targetId: item.id, ...changes });
        }
        return repo.listTools(tx);
      });
    },

    /** Brings the stored tools in line with TOOL_CATALOGUE (semantics: `toolsSyncResponse` in contract/tools.ts). */
    async syncWithCatalogue(adminId: string): Promise<ToolsSyncResult> {
      return db.transaction(async (tx) => {
        await repo.lockTools(tx);
        const stored = await repo.listTools(tx);
        const byId = new Map(stored.map((t) => [t.id, t]));
        const now = deps.clock.now();
        let updated = 0;
        let nextOrder = stored.reduce((max, t) => Math.max(max, t.order), 0);
        for (const tool of TOOL_CATALOGUE) {
          const current = byId.get(tool.id);
          if (!current) {
            const added = { ...tool, order: ++nextOrder };
            await repo.insertMissingTools(tx, [added]);
            const after = Object.fromEntries([...TOOL_CATALOGUE_FIELDS, ...ADMIN_FIELDS].map((f) => [f, added[f]]));
            await deps.audit.record(tx, { adminId, area: 'tools', action: 'tool.sync', targetId: tool.id, before: null, after });
            updated++;
            continue;
          }
          const changes = diff(current, tool, TOOL_CATALOGUE_FIELDS);
          if (!changes) continue;
          await repo.updateTool(tx, tool.id, changes.after, now);
          await deps.audit.record(tx, { adminId, area: 'tools', action: 'tool.sync', targetId: tool.id, ...changes });
          updated++;
        }
        const known = new Set(TOOL_CATALOGUE.map((t) => t.id));
        const skipped = stored.filter((t) => !known.has(t.id)).map((t) => ({ id: t.id, title: t.title }));
        return { updated_count: updated, skipped_count: skipped.length, skipped_tools: skipped };
      });
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
