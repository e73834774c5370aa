import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOOL_CATALOGUE, type ToolConfig } from '../../../contract/tools.ts';
import { adminAudit, toolsConfig } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.make.user({ admin: true });
});
afterAll(() => t?.close());

beforeEach(async () => {
  // Each test starts from the catalogue as seeded, with an empty audit log.
  const db = t.database.db;
  await db.delete(adminAudit);
  await db.delete(toolsConfig);
  await t.app.services.tools.seed();
});

const config = async (): Promise<ToolConfig[]> => (await t.call('GET', '/api/tools/config')).json().data.tools;
const save = (tools: unknown[], session = admin) => t.call('POST', '/api/admin/tools-config', { session, body: { tools } });
const auditOf = async (area = 'tools') => (await t.call('GET', `/api/admin/audit?area=${area}`, { session: admin })).json().data.entries as Array<{ action: string; target_id: string; before: unknown; after: unknown }>;

describe('GET /api/tools/config', () => {
  it('answers the stored tools in order, never cached by the browser or a proxy', async () => {
    const res = await t.call('GET', '/api/tools/config');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((res.json().data.tools as ToolConfig[]).map((x) => x.id)).toEqual(TOOL_CATALOGUE.map((x) => x.id));
  });
});

describe('POST /api/admin/tools-config', () => {
  it('saves status, featured and the order (renumbered from 1), answers the list, and the public list shows it at once', async () => {
    const tools = await config();
    const reordered = [tools[1]!, tools[0]!, ...tools.slice(2)].map((tool) =>
      tool.id === 'ai-headshot' ? { ...tool, status: 'disabled' } : tool.id === 'caption-generator' ? { ...tool, featured: true, status: 'beta' } : tool,
    );
    const res = await save(reordered);
    expect(res.statusCode).toBe(200);
    const saved = res.json().data.tools as ToolConfig[];
    expect(saved.map((x) => [x.id, x.order])).toEqual(reordered.map((x, i) => [x.id, i + 1]));
    expect(saved.find((x) => x.id === 'ai-headshot')!.status).toBe('disabled');
    expect(saved.find((x) => x.id === 'caption-generator')).toMatchObject({ status: 'beta', featured: true });
    expect(await config()).toEqual(saved);

    // One audit row per changed tool, with only the changed fields.
    const entries = await auditOf();
    expect(entries.map((e) => e.target_id).sort()).toEqual(['ai-headshot', 'caption-generator', 'image-variator', 'mockup-generator']);
    const byTarget = Object.fromEntries(entries.map((e) => [e.target_id, e]));
    expect(byTarget['image-variator']).toMatchObject({ action: 'tool.update', before: { order: 1 }, after: { order: 2 } });
    expect(byTarget['ai-headshot']).toMatchObject({ before: { status: 'available' }, after: { status: 'disabled' } });
    expect(byTarget['caption-generator']).toMatchObject({ before: { status: 'available', featured: false }, after: { status: 'beta', featured: true } });
  });

  it('takes a disabled tool off the public price list too, and puts it back when it is available again', async () => {
    const titles = async () => Object.keys((await t.call('GET', '/api/pricing/tools')).json().data.tool_pricing as Record<string, unknown>);
    const headshot = TOOL_CATALOGUE.find((x) => x.id === 'ai-headshot')!.title;
    expect(await titles()).toContain(headshot);
    const tools = await config();
    expect((await save(tools.map((x) => (x.id === 'ai-headshot' ? { ...x, status: 'disabled' } : x)))).statusCode).toBe(200);
    expect(await titles()).not.toContain(headshot);
    expect((await save(tools)).statusCode).toBe(200);
    expect(await titles()).toContain(headshot);
  });

  it('reads only status, featured and the order: other fields a client sends are ignored', async () => {
    const tools = await config();
    const res = await save(tools.map((tool) => ({ ...tool, title: 'Hacked <b>title</b>', path: 'https://evil.example', order: 99 })));
    expect(res.statusCode).toBe(200);
    expect(await config()).toEqual(tools);
    expect(await auditOf()).toEqual([]);
  });

  it('accepts the slim form { id, status, featured }', async () => {
    const tools = await config();
    const res = await save(tools.map(({ id, status, featured }) => ({ id, status: id === 'transcription' ? 'coming-soon' : status, featured })));
    expect(res.statusCode).toBe(200);
    expect((await config()).find((x) => x.id === 'transcription')!.status).toBe('coming-soon');
  });

  it.each([
    ['an unknown status', (tools: ToolConfig[]) => ({ tools: tools.map((x, i) => (i === 2 ? { ...x, status: 'hidden' } : x)) }), 'tools.2.status'],
    ['a featured that is not a boolean', (tools: ToolConfig[]) => ({ tools: tools.map((x, i) => (i === 0 ? { ...x, featured: 'yes' } : x)) }), 'tools.0.featured'],
    ['a tool left out', (tools: ToolConfig[]) => ({ tools: tools.slice(1) }), 'tools'],
    ['a tool twice', (tools: ToolConfig[]) => ({ tools: [...tools, tools[0]] }), 'tools'],
    ['an empty list', () => ({ tools: [] }), 'tools'],
    ['no list', () => ({}), 'tools'],
    ['an extra top-level field', (tools: ToolConfig[]) => ({ tools, order: [1] }), 'order'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_label, bodyOf, field) => {
    const before = await config();
    const res = await t.call('POST', '/api/admin/tools-config', { session: admin, body: bodyOf(before.map((x) => (x.id === 'ai-headshot' ? { ...x, status: 'disabled' as const } : x))) });
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().error.field).toBe(field);
    expect(await config()).toEqual(before);
    expect(await auditOf()).toEqual([]);
  });

  it('answers 400 naming tools.<i>.id for an id that is not a tool, and changes nothing', async () => {
    const before = await config();
    const res = await save([...before.map((x) => ({ ...x, status: 'disabled' })), { id: 'no-such-tool', status: 'available', featured: false }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'There is no tool no-such-tool.', field: `tools.${before.length}.id` });
    expect(await config()).toEqual(before);
    expect(await auditOf()).toEqual([]);
  });
});

describe('POST /api/admin/tools-sync', () => {
  it("restores a missing tool and the catalogue's descriptive fields, keeps the admin's status, order and featured, and reports unknown tools", async () => {
    const db = t.database.db;
    await save((await config()).map((x) => (x.id === 'mockup-generator' ? { ...x, status: 'beta', featured: false } : x)));
    await db.update(toolsConfig).set({ title: 'Old title', color: 'red' }).where(eq(toolsConfig.id, 'mockup-generator'));
    await db.delete(toolsConfig).where(eq(toolsConfig.id, 'ai-headshot'));
    await db.insert(toolsConfig).values({ id: 'retired-tool', title: 'Retired Tool', description: '', shortDescription: '', iconName: 'User', path: '/tools/retired-tool', status: 'disabled', color: 'slate', sortOrder: 3, category: 'image' });
    await db.delete(adminAudit);

    const res = await t.call('POST', '/api/admin/tools-sync', { session: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated_count: 2, skipped_count: 1, skipped_tools: [{ id: 'retired-tool', title: 'Retired Tool' }] });

    const after = await config();
    const mockup = after.find((x) => x.id === 'mockup-generator')!;
    const catalogue = TOOL_CATALOGUE.find((x) => x.id === 'mockup-generator')!;
    expect(mockup).toEqual({ ...catalogue, status: 'beta', featured: false, order: mockup.order });
    // Restored after the highest order of the others (one per catalogue tool but itself).
    const highest = Math.max(...after.filter((x) => x.id !== 'ai-headshot').map((x) => x.order));
    expect(after.find((x) => x.id === 'ai-headshot')).toMatchObject({ title: 'AI Headshot Generator', order: highest + 1 });
    expect(after.find((x) => x.id === 'retired-tool')).toBeDefined();

    const entries = await auditOf();
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.target_id === 'mockup-generator')).toMatchObject({ action: 'tool.sync', before: { title: 'Old title', color: 'red' }, after: { title: 'Mockup Generator', color: 'blue' } });
    expect(entries.find((e) => e.target_id === 'ai-headshot')).toMatchObject({ action: 'tool.sync', before: null });

    // A second sync finds nothing to do.
    expect((await t.call('POST', '/api/admin/tools-sync', { session: admin })).json().data).toMatchObject({ updated_count: 0, skipped_count: 1 });
  });
});
