import { TOOL_CATALOGUE } from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';

export function createToolsService(deps: { db: Db; audit: AuditRecorder }) {
  return {
    /** Seeds tools missing from the database; run at start. */
    seed: () => repo.insertMissingTools(deps.db, TOOL_CATALOGUE),
    list: () => repo.listTools(deps.db),
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
