import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponse } from '../../../contract/auth.ts';
import { clearFilesResponse, uploadFileResponse } from '../../../contract/files.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data } from '../../test-support/envelope.ts';
import { makePng, makeWav, multipartBody } from '../../test-support/media.ts';

const DAY = 86_400_000;

/** The counter on the user row beside the sum it stands for, and what the profile shows. */
async function storageOf(t: TestApp, user: TestSession) {
  const [row] = await t.database.db
    .select({
      counter: users.storageUsedBytes,
      sum: sql<string>`(select coalesce(sum(size_bytes + thumbnail_size_bytes), 0)::text from files where user_id = ${user.userId})`,
    })
    .from(users)
    .where(eq(users.id, user.userId));
  const profile = data(await t.call('GET', '/api/auth/profile', { session: user }), profileResponse);
  return { counter: row!.counter, sum: Number(row!.sum), shown: profile.storage.used_bytes };
}

async function expectInStep(t: TestApp, user: TestSession): Promise<number> {
  const s = await storageOf(t, user);
  expect(s.counter).toBe(s.sum);
  expect(s.shown).toBe(s.sum);
  return s.counter;
}

const upload = (t: TestApp, user: TestSession, part: { filename: string; contentType: string; data: Buffer }) =>
  t.call('POST', '/api/files/upload', { session: user, raw: multipartBody([{ name: 'file', ...part }]) });

describe('storage used on the user row', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Sessions outlive the 30 days the expiry step moves the clock by.
    t = await createTestApp({ SESSION_TTL_DAYS: '90' }, { queue: true });
  });
  afterAll(() => t?.close());

  it('stays equal to the sum of the files through uploads, generations, a mockup job, deletions, clear and expiry', async () => {
    const user = await t.make.user({ credits: '10' });
    const neighbour = await t.make.user({ credits: '10' });
    expect(await expectInStep(t, user)).toBe(0);

    const uploads = await Promise.all([
      upload(t, user, { filename: 'a.png', contentType: 'image/png', data: await makePng(120, 80) }),
      upload(t, user, { filename: 'b.png', contentType: 'image/png', data: await makePng(90, 90) }),
      upload(t, user, { filename: 'voice.wav', contentType: 'audio/wav', data: makeWav(1) }),
      upload(t, neighbour, { filename: 'n.png', contentType: 'image/png', data: await makePng(70, 50) }),
    ]);
    for (const res of uploads) expect(res.statusCode).toBe(200);
    const afterUploads = await expectInStep(t, user);
    expect(afterUploads).toBeGreaterThan(0);

    await t.make.generation(user, { width: 80, height: 64 });
    await t.make.generation(user, { width: 64, height: 64 });
    await t.make.mockupJob(user);
    const afterGenerations = await expectInStep(t, user);
    expect(afterGenerations).toBeGreaterThan(afterUploads);

    // One file deleted twice at once (both may find it before either deletes it): its bytes come off once.
    const first = data(uploads[0]!, uploadFileResponse).file.id;
    const deletions = await Promise.all([1, 2].map(() => t.call('DELETE', `/api/files/delete/${first}`, { session: user })));
    expect(deletions.map((r) => r.statusCode)).toContain(200);
    expect(deletions.every((r) => [200, 404].includes(r.statusCode))).toBe(true);
    expect(await expectInStep(t, user)).toBeLessThan(afterGenerations);

    // A refused upload changes nothing.
    const refused = await upload(t, user, { filename: 'x.png', contentType: 'image/png', data: Buffer.from('not an image at all') });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const beforeClear = await expectInStep(t, user);

    expect(data(await t.call('DELETE', '/api/files/clear?tool=image-variator', { session: user }), clearFilesResponse).deleted).toBe(2);
    const afterClear = await expectInStep(t, user);
    expect(afterClear).toBeLessThan(beforeClear);

    // Past the retention every image goes; the audio upload stays.
    t.clock.advance(31 * DAY);
    while ((await t.app.services.files.expire()) > 0);
    const afterExpiry = await expectInStep(t, user);
    expect(afterExpiry).toBeGreaterThan(0);
    expect(afterExpiry).toBeLessThan(afterClear);

    // The neighbour's counter moved with its own files only (its image expired too).
    expect(await expectInStep(t, neighbour)).toBe(0);
  });
});

describe('the upload quota', () => {
  const QUOTA_GB = 0.0002;
  const quotaBytes = Math.round(QUOTA_GB * 1024 ** 3);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORAGE_QUOTA_GB: String(QUOTA_GB) });
  });
  afterAll(() => t?.close());

  it('is never passed by parallel uploads: the ones that do not fit are refused with 413', async () => {
    const user = await t.make.user();
    const png = await makePng(160, 120);
    expect((await upload(t, user, { filename: 'first.png', contentType: 'image/png', data: png })).statusCode).toBe(200);
    const each = await expectInStep(t, user);
    const room = Math.floor((quotaBytes - each) / each);
    // Enough at once that, checked one by one before any commits, they would all pass and overflow the quota.
    const attempts = room + 4;
    expect(room).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeLessThan(40);

    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => upload(t, user, { filename: `p${i}.png`, contentType: 'image/png', data: png })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 413)).toBe(true);
    const stored = statuses.filter((s) => s === 200).length;
    expect(stored).toBeGreaterThanOrEqual(1);
    expect(stored).toBeLessThanOrEqual(room);
    for (const res of results.filter((r) => r.statusCode === 413)) {
      expect(res.json().error.message).toBe('Your storage is full. Delete some files from your gallery and try again.');
    }
    const used = await expectInStep(t, user);
    expect(used).toBeLessThanOrEqual(quotaBytes);
    expect(used).toBe(each * (stored + 1));
  });
});
