import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.ts';

/** A name a spreadsheet would run as a command if a CSV cell started with it (issue 26). */
const INJECTION = "-2+3+cmd|' /C calc'!A0";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('CSV exports', () => {
  it('defuses a user name that starts like a negative number but is a formula in the admin transactions export', async () => {
    const buyer = await t.make.user({ name: INJECTION });
    await t.make.checkout(buyer);
    const admin = await t.make.user({ admin: true });
    const res = await t.call('GET', '/api/admin/stripe-transactions?export=true', { session: admin });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.includes(buyer.email));
    expect(line).toBeDefined();
    const cells = line!.split(',');
    expect(cells).toContain(`'${INJECTION}`);
    expect(cells).not.toContain(INJECTION);
    // The amount stays a number the spreadsheet can add up.
    expect(cells.some((c) => /^\d+\.\d+$/.test(c))).toBe(true);
  });
});
