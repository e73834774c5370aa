import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test-support/database.ts';
import { listFilesQuery, type FileListQuery } from './repository.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan of the gallery's list query, with sequential scans off so a tiny table cannot hide a missing index order. */
async function planOf(q: FileListQuery): Promise<PlanNode[]> {
  const { sql, params } = listFilesQuery(database.db, q).toSQL();
  const text = `explain (format json) ${sql}`;
  let plan: unknown;
  if (database.kind === 'pglite') {
    await database.pglite.exec('set enable_seqscan = off');
    plan = (await database.pglite.query<{ 'QUERY PLAN': unknown }>(text, params)).rows[0]!['QUERY PLAN'];
    await database.pglite.exec('reset enable_seqscan');
  } else {
    const client = await database.pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      plan = (await client.query<{ 'QUERY PLAN': unknown }>(text, params)).rows[0]!['QUERY PLAN'];
    } finally {
      client.release(true);
    }
  }
  return nodes((plan as Array<{ Plan: PlanNode }>)[0]!.Plan);
}

const userId = '6f1c2a4e-8b7d-4c3e-9a2f-1d5e7b9c0a3f';
const base = { userId, category: 'image', limit: 25, offset: 0 };
const after = { createdAt: new Date('2026-01-01T00:00:00.000Z'), id: '0b9e3c1a-2d4f-4e6a-8b7c-9d0e1f2a3b4c' };

describe('the gallery list query', () => {
  it.each([
    ['the first page', base, 'files_user_category_created_idx'],
    ['a page by offset', { ...base, offset: 500 }, 'files_user_category_created_idx'],
    ["one tool's page", { ...base, tool: 'mockup-generator' }, 'files_user_tool_created_idx'],
    ['a page by cursor', { ...base, after }, 'files_user_category_created_idx'],
  ])('reads %s in index order, with no sort of all the user’s files', async (_, q, index) => {
    const plan = await planOf(q);
    expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(plan.map((n) => n['Index Name'])).toContain(index);
  });

  it('seeks a cursor page in the index instead of filtering every newer file', async () => {
    const scan = (await planOf({ ...base, after })).find((n) => n['Index Name'] === 'files_user_category_created_idx')!;
    expect(scan['Index Cond']).toMatch(/created_at/);
    expect(scan.Filter ?? '').not.toMatch(/created_at/);
  });
});
