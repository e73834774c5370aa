import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactionsResponse } from '../../../contract/credits.ts';
import { generationReceipt } from '../../../contract/generations.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.setPrice('image_generation', 'local', '1');
});
afterAll(async () => t?.close());

describe('receipts: each usage line links to what it paid for', () => {
  it('names the tool, the engine, the price charged, the time taken and where the result opens; only to its owner', async () => {
    const user = await t.make.user({ credits: '5' });
    const res = await t.call('POST', '/api/ai/generate-image', {
      session: user,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { imageData: (await makePng(64, 48)).toString('base64'), userPrompt: 'make it black and white' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = (res.json() as { data: { generation_id: string; uuid: string } }).data;

    const usage = data(await t.call('GET', '/api/credits/transactions', { session: user }), creditTransactionsResponse).transactions.filter((l) => l.type === 'usage');
    expect(usage.map((l) => [l.amount, l.generation_id])).toEqual([['-1.0000', answer.generation_id]]);
    const bonus = data(await t.call('GET', '/api/credits/transactions', { session: user }), creditTransactionsResponse).transactions.find((l) => l.type !== 'usage');
    expect(bonus?.generation_id).toBeNull();

    const receipt = data(await t.call('GET', `/api/generations/${answer.generation_id}/receipt`, { session: user }), generationReceipt);
    expect(receipt).toMatchObject({
      generation_id: answer.generation_id,
      tool: 'image-variator',
      status: 'completed',
      engine: 'Local engine',
      credits: '1.0000',
      preview: true,
      result_path: `/file/${answer.uuid}`,
    });
    expect(receipt.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(receipt.completed_at).not.toBeNull();

    // Another user's receipt is the same 404 as an unknown id; a key reads it with account:read only.
    const other = await t.make.user();
    const theirs = error(await t.call('GET', `/api/generations/${answer.generation_id}/receipt`, { session: other }));
    expect(theirs.code).toBe('NOT_FOUND');
    const reader = await t.make.bearerKey(user, ['account:read']);
    expect((await t.call('GET', `/api/generations/${answer.generation_id}/receipt`, { headers: { authorization: `Bearer ${reader}` } })).statusCode).toBe(200);
    const generator = await t.make.bearerKey(user, ['generate']);
    expect((await t.call('GET', `/api/generations/${answer.generation_id}/receipt`, { headers: { authorization: `Bearer ${generator}` } })).statusCode).toBe(403);
  });
});
