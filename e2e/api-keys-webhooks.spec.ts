import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { startWebhookReceiver, type WebhookReceiver } from '../server/test-support/webhook-receiver.ts';
import { CLUSTER, expect, expectAccessible, screenshots, signInByMail, testWithPeer } from './fixtures.ts';

const run = promisify(execFile);
/** A shell's curl, as the README's session runs it: answers the body (and the status with `-w`). */
async function curl(args: string[]): Promise<string> {
  return (await run('curl', ['-sS', ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

/** What the README tells a receiver to do with Ampkit-Signature, in plain Node. */
function verified(header: string, body: string, secret: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('='))) as { t?: string; v1?: string };
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return fresh && v1 !== undefined && v1.length === expected.length && crypto.timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}

// A local receiver on a real port, reachable because the app runs with WEBHOOK_ALLOW_PRIVATE (self-hosting on one network).
// @cluster: the key is checked and rate-limited by either web process, and the deliveries run on the worker.
const test = testWithPeer<WebhookReceiver>(startWebhookReceiver, () => ({ WEBHOOK_ALLOW_PRIVATE: 'true' }));

test('from a shell with only an API key: upload, run a tool, get the signed webhook, download the result; a revoked key fails at once', { tag: CLUSTER }, async ({ page, server, peer: receiver }) => {
  await signInByMail(page, server, 'scripter@example.com', 'Sam Scripter');

  // The dashboard: a key with the default scopes (generate, files:read), shown once.
  await page.goto('/dashboard?tab=api-keys');
  await page.getByLabel('Key name').fill('Shell script');
  await page.getByRole('button', { name: 'Create key' }).click();
  const keyField = page.getByLabel('Your new API key');
  await expect(keyField).toHaveValue(/^ak_test_[A-Za-z0-9_-]{32}$/);
  const key = await keyField.inputValue();
  const keys = page.getByRole('list', { name: 'Your API keys' });
  await expect(keys).toContainText('Shell script');
  await expect(keys).toContainText(key.slice(0, 12));
  await expect(keys).toContainText('Never used');
  await expectAccessible(page, 'API keys tab with a new key');
  await screenshots(page, 'api-keys-tab');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(keyField).toHaveCount(0);

  // A webhook endpoint for the generation events; its secret shown once.
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByLabel('Endpoint URL').fill(receiver.url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secretField = page.getByLabel('Signing secret of the new endpoint');
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  await expect(page.getByRole('list', { name: 'Your webhook endpoints' })).toContainText(receiver.url);
  await expectAccessible(page, 'Webhooks tab with a new endpoint');
  await screenshots(page, 'webhooks-tab');

  // The shell: nothing but the key.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ampkit-shell-'));
  const photo = path.join(dir, 'photo.png');
  await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toFile(photo);
  const auth = ['-H', `Authorization: Bearer ${key}`];
  const uploaded = JSON.parse(await curl([...auth, '-F', `file=@${photo}`, `${server.url}/api/files/upload`])) as { data: { file: { id: string } } };
  const before = receiver.received.length;
  const ran = JSON.parse(
    await curl([
      ...auth,
      '-H', 'Content-Type: application/json',
      '-H', 'Idempotency-Key: shell-upscale-1',
      '-d', JSON.stringify({ image_uuid: uploaded.data.file.id, scale_factor: 2, quality_tier: 'fast' }),
      `${server.url}/api/ai/upscale-image`,
    ]),
  ) as { data: { generation_id: string } };

  // The webhook: signed with the endpoint's secret, naming the generation and its result.
  const [hook] = (await receiver.waitFor(before + 1, 60_000)).slice(before);
  expect(verified(String(hook!.headers['ampkit-signature']), hook!.body, secret)).toBe(true);
  expect(verified(String(hook!.headers['ampkit-signature']), hook!.body, `${secret}x`)).toBe(false);
  const event = JSON.parse(hook!.body) as { id: string; type: string; data: { generation_id: string; status: string; result: { uuid: string } } };
  expect(event).toMatchObject({ type: 'generation.completed', data: { generation_id: ran.data.generation_id, status: 'completed' } });
  expect(hook!.headers['ampkit-event-id']).toBe(event.id);

  // The result, downloaded with the key: the photo at twice the size.
  const result = path.join(dir, 'upscaled.png');
  await curl([...auth, '-o', result, `${server.url}/api/files/download/${event.data.result.uuid}`]);
  expect(await sharp(result).metadata()).toMatchObject({ format: 'png', width: 320, height: 240 });

  // The dashboard lists the delivery; Redeliver sends the same event again.
  await page.getByRole('button', { name: 'Deliveries' }).click();
  const deliveries = page.getByRole('list', { name: 'Deliveries' });
  await expect(deliveries).toContainText('succeeded');
  await expect(deliveries).toContainText('HTTP 200');
  const count = receiver.received.length;
  await deliveries.getByRole('button', { name: /Redeliver generation.completed/ }).click();
  const [again] = (await receiver.waitFor(count + 1)).slice(count);
  expect(JSON.parse(again!.body).id).toBe(event.id);
  expect(verified(String(again!.headers['ampkit-signature']), again!.body, secret)).toBe(true);

  // Revoked in the dashboard: the next call with it fails at once.
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page.getByRole('list', { name: 'Your API keys' })).toContainText(/Last used/);
  await page.getByRole('button', { name: /Revoke the key Shell script/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('No keys yet.')).toBeVisible();
  const refused = await curl([...auth, '-w', '\n%{http_code}', `${server.url}/api/files/list`]);
  expect(refused.split('\n').at(-1)).toBe('401');
  expect(refused).toContain('revoked');
  fs.rmSync(dir, { recursive: true, force: true });
});
