import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/admin/audit', () => {
  it('lists what the audit service recorded under a tab, newest first, naming the admin', async () => {
    const admin = await t.make.user({ admin: true, email: 'ops@example.com' });
    const adminId = (await t.call('GET', '/api/auth/profile', { session: admin })).json().data.user.id as string;
    const { audit } = t.app.services;
    await audit.record(t.database.db, { adminId, area: 'tools', action: 'tool.update', targetId: 'ai-headshot', before: { status: 'available' }, after: { status: 'beta' } });
    await audit.record(t.database.db, { adminId, area: 'tools', action: 'tool.update', targetId: 'ai-headshot', before: { status: 'beta' }, after: { status: 'disabled' } });
    const someone = await t.make.user({ email: 'someone@example.com' });
    const someoneId = (await t.call('GET', '/api/auth/profile', { session: someone })).json().data.user.id as string;
    await audit.record(t.database.db, { adminId, area: 'users', action: 'credits.adjust', targetUserId: someoneId });

    const res = await t.call('GET', '/api/admin/audit?area=tools', { session: admin });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data.entries as Array<{ action: string; after: unknown; admin: { email: string } | null; area: string }>;
    expect(entries.map((e) => e.after)).toEqual([{ status: 'disabled' }, { status: 'beta' }]);
    expect(entries.every((e) => e.area === 'tools' && e.admin?.email === 'ops@example.com')).toBe(true);
    expect((await t.call('GET', '/api/admin/audit?area=tools&limit=1', { session: admin })).json().data.entries).toHaveLength(1);
    const [adjustment] = (await t.call('GET', '/api/admin/audit?area=users', { session: admin })).json().data.entries as Array<{ target_user_email: string | null }>;
    expect(adjustment!.target_user_email).toBe('someone@example.com');
  });

  it('refuses an unknown tab and a limit out of range, naming the field', async () => {
    const admin = await t.make.user({ admin: true });
    const unknown = await t.call('GET', '/api/admin/audit?area=everything', { session: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('area');
    expect((await t.call('GET', '/api/admin/audit?area=users&limit=1000', { session: admin })).statusCode).toBe(400);
  });
});
