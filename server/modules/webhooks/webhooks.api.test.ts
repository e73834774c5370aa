import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPackagesResponse, testCheckoutOpenedSchema } from '../../../contract/credits.ts';
import { add, normalize } from '../../../contract/decimal.ts';
import { generationStatus } from '../../../contract/generations.ts';
import {
  createdWebhookResponse,
  MAX_WEBHOOK_ENDPOINTS,
  webhookDeliveriesResponse,
  webhookDeletedResponse,
  webhookDeliverySchema,
  webhookEndpointsResponse,
  type WebhookEvent,
  type WebhookPayload,
} from '../../../contract/webhooks.ts';
import { createTestApp, type TestApp, type TestSession } from '../../test-support/app.ts';
import { data, error } from '../../test-support/envelope.ts';
import { makePng } from '../../test-support/media.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.ts';
import { DISABLE_AFTER_MS, RETRY_FOR_MS } from './service.ts';
import { verifySignature } from './signing.ts';

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '400' }, { queue: true });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

function refusal(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return error(res);
}
async function addEndpoint(session: TestSession, events: WebhookEvent[] = ['generation.completed', 'generation.failed'], url = receiver.url) {
  return data(await t.call('POST', '/api/account/webhooks', { session, body: { url, events } }), createdWebhookResponse);
}
const deliveriesOf = async (session: TestSession, endpointId: string) =>
  data(await t.call('GET', `/api/account/webhooks/${endpointId}/deliveries`, { session }), webhookDeliveriesResponse).deliveries;
/** A paid generation run with an API key, as a script would: answers its id. */
async function generate(session: TestSession, prompt = 'make it black and white'): Promise<string> {
  const key = await t.make.bearerKey(session, ['generate']);
  const res = await t.call('POST', '/api/ai/generate-image', {
    headers: { authorization: `Bearer ${key}` },
    body: { imageData: (await makePng(64, 48)).toString('base64'), userPrompt: prompt },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { generation_id: string } }).data.generation_id;
}

/** A user's endpoint that answered 500 to the first attempt of a generation's event. */
async function firstAttemptFailed() {
  const user = await t.make.user({ credits: '5' });
  const endpoint = await addEndpoint(user);
  receiver.answer(500);
  const before = receiver.received.length;
  await generate(user);
  await receiver.waitFor(before + 1);
  await expect.poll(async () => (await deliveriesOf(user, endpoint.id))[0]?.attempts).toBe(1);
  return { user, endpoint };
}

describe('webhook endpoints', () => {
  it('adds an endpoint with its events, shows the secret once, lists it without, and deletes it', async () => {
    const user = await t.make.user();
    const created = await addEndpoint(user);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = data(await t.call('GET', '/api/account/webhooks', { session: user }), webhookEndpointsResponse);
    expect(list.max_endpoints).toBe(MAX_WEBHOOK_ENDPOINTS);
    expect(list.endpoints).toEqual([
      { id: created.id, url: receiver.url, events: ['generation.completed', 'generation.failed'], created_at: expect.any(String), disabled_at: null, failing_since: null },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(data(await t.call('DELETE', `/api/account/webhooks/${created.id}`, { session: user }), webhookDeletedResponse)).toEqual({ deleted: true });
    expect(data(await t.call('GET', '/api/account/webhooks', { session: user }), webhookEndpointsResponse).endpoints).toEqual([]);
  });

  it('refuses bad bodies with the field named, at most 10 endpoints, and answers 404 for another user\'s endpoint', async () => {
    const user = await t.make.user();
    for (const body of [{ url: 'not a url', events: ['generation.completed'] }, { url: receiver.url, events: [] }, { url: receiver.url, events: ['nope'] }, { url: receiver.url }]) {
      expect(refusal(await t.call('POST', '/api/account/webhooks', { session: user, body }), 400).code).toBe('VALIDATION_ERROR');
    }
    const made = await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 2 }, () => t.call('POST', '/api/account/webhooks', { session: user, body: { url: receiver.url, events: ['batch.completed'] } })));
    expect(made.filter((r) => r.statusCode === 200)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(made.filter((r) => r.statusCode === 409)).toHaveLength(2);

    const other = await t.make.user();
    const theirs = data(made.find((r) => r.statusCode === 200)!, createdWebhookResponse);
    expect(refusal(await t.call('DELETE', `/api/account/webhooks/${theirs.id}`, { session: other }), 404).code).toBe('NOT_FOUND');
    expect(refusal(await t.call('GET', `/api/account/webhooks/${theirs.id}/deliveries`, { session: other }), 404).code).toBe('NOT_FOUND');
  });
});

describe('deliveries', () => {
  it('POSTs a signed generation.completed to the endpoint when a generation made with an API key completes', async () => {
    const user = await t.make.user({ credits: '5' });
    const endpoint = await addEndpoint(user);
    const before = receiver.received.length;
    const generationId = await generate(user);
    const [hook] = (await receiver.waitFor(before + 1)).slice(before);
    const signature = String(hook!.headers['ampkit-signature']);
    expect(verifySignature(signature, hook!.body, endpoint.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
    expect(verifySignature(signature, hook!.body, 'whsec_wrong', Math.floor(t.clock.now().getTime() / 1000))).toBe(false);
    expect(verifySignature(signature, `${hook!.body} `, endpoint.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(false);
    const payload = JSON.parse(hook!.body) as WebhookPayload;
    expect(payload.type).toBe('generation.completed');
    expect(hook!.headers['ampkit-event-id']).toBe(payload.id);
    const generation = generationStatus.parse(payload.data);
    expect(generation).toMatchObject({ generation_id: generationId, status: 'completed', tool: 'image-variator' });

    await expect.poll(async () => (await deliveriesOf(user, endpoint.id))[0]?.status).toBe('succeeded');
    expect((await deliveriesOf(user, endpoint.id))[0]).toMatchObject({ event_id: payload.id, event_type: 'generation.completed', attempts: 1, last_status_code: 200, next_attempt_at: null });
  });

  it('records payment.succeeded in the transaction that credits a purchase, once however often it is confirmed, and the sweep sends it', async () => {
    const user = await t.make.user();
    const endpoint = await addEndpoint(user, ['payment.succeeded']);
    const packages = data(await t.call('GET', '/api/credits/packages', { session: user }), creditPackagesResponse).packages;
    const starter = packages.find((p) => p.name === 'Starter')!;
    const opened = data(await t.call('POST', `/api/payments/test-checkout/${starter.uuid}/open`, { session: user }), testCheckoutOpenedSchema);
    const confirms = await Promise.all(
      [1, 2].map(() => t.call('POST', `/api/payments/test-checkout/${starter.uuid}/confirm`, { session: user, body: { checkout_id: opened.checkout_id } })),
    );
    for (const res of confirms) expect(res.statusCode, res.body).toBe(200);
    const recorded = await deliveriesOf(user, endpoint.id);
    expect(recorded.map((d) => [d.event_type, d.status, d.attempts])).toEqual([['payment.succeeded', 'pending', 0]]);

    // The commit is long past: the sweep sends it.
    const before = receiver.received.length;
    t.clock.advance(10_000);
    expect(await t.app.services.webhooks.sweep()).toBeGreaterThanOrEqual(1);
    const [hook] = (await receiver.waitFor(before + 1)).slice(before);
    const payload = JSON.parse(hook!.body) as WebhookPayload;
    expect(payload).toMatchObject({
      type: 'payment.succeeded',
      data: { user_id: user.userId, checkout_id: opened.checkout_id, package: 'Starter', credits: normalize(add(starter.credits, starter.bonus_credits)) },
    });
    expect(verifySignature(String(hook!.headers['ampkit-signature']), hook!.body, endpoint.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
    await expect.poll(async () => (await deliveriesOf(user, endpoint.id))[0]?.status).toBe('succeeded');
  });

  it('sends only the events an endpoint chose, and nothing to another user', async () => {
    const user = await t.make.user({ credits: '5' });
    const onlyFailures = await addEndpoint(user, ['generation.failed']);
    const stranger = await t.make.user();
    const strangers = await addEndpoint(stranger, ['generation.completed']);
    await generate(user);
    await t.app.services.notices.settled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveriesOf(user, onlyFailures.id)).toEqual([]);
    expect(await deliveriesOf(stranger, strangers.id)).toEqual([]);
  });

  it('retries a failed or unanswered delivery with growing waits for 24 hours, then marks it failed; Redeliver sends the same event once more', async () => {
    const { user, endpoint } = await firstAttemptFailed();
    const [first] = await deliveriesOf(user, endpoint.id);
    expect(first).toMatchObject({ status: 'pending', last_status_code: 500, last_error: 'answered 500' });
    expect(new Date(first!.next_attempt_at!).getTime() - t.clock.now().getTime()).toBe(30_000);

    // No answer within WEBHOOK_TIMEOUT_MS: a failed attempt with no status; the next wait doubles.
    receiver.answer(200, 2_000);
    t.clock.advance(30_000);
    expect(await t.app.services.webhooks.deliver(first!.id)).toBe('failed');
    const [second] = await deliveriesOf(user, endpoint.id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, last_status_code: null, last_error: 'no answer within 0.4 s' });
    expect(new Date(second!.next_attempt_at!).getTime() - t.clock.now().getTime()).toBe(60_000);
    // Not due yet: nothing is sent.
    expect(await t.app.services.webhooks.deliver(first!.id)).toBe('skipped');

    // 24 hours after the event, a failure is final.
    receiver.answer(503);
    t.clock.advance(RETRY_FOR_MS);
    expect(await t.app.services.webhooks.deliver(first!.id)).toBe('failed');
    const [last] = await deliveriesOf(user, endpoint.id);
    expect(last).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 503, next_attempt_at: null });
    const endpoints = data(await t.call('GET', '/api/account/webhooks', { session: user }), webhookEndpointsResponse).endpoints;
    expect(endpoints[0]!.failing_since).not.toBeNull();

    // Redeliver: the same event id and body, signed anew, and a 2xx ends the run of failures.
    receiver.answer(200);
    const count = receiver.received.length;
    const redelivered = data(await t.call('POST', `/api/account/webhooks/${endpoint.id}/deliveries/${first!.id}/redeliver`, { session: user }), webhookDeliverySchema);
    expect(redelivered.status).toBe('pending');
    const [again] = (await receiver.waitFor(count + 1)).slice(count);
    expect(JSON.parse(again!.body).id).toBe(first!.event_id);
    expect(verifySignature(String(again!.headers['ampkit-signature']), again!.body, endpoint.secret, Math.floor(t.clock.now().getTime() / 1000))).toBe(true);
    await expect.poll(async () => (await deliveriesOf(user, endpoint.id))[0]?.status).toBe('succeeded');
    expect(data(await t.call('GET', '/api/account/webhooks', { session: user }), webhookEndpointsResponse).endpoints[0]!.failing_since).toBeNull();

    const other = await t.make.user();
    expect(refusal(await t.call('POST', `/api/account/webhooks/${endpoint.id}/deliveries/${first!.id}/redeliver`, { session: other }), 404).code).toBe('NOT_FOUND');
  });

  it('turns off an endpoint whose deliveries failed for 3 days, mails its owner, and sends it nothing more', async () => {
    const { user, endpoint } = await firstAttemptFailed();
    const [delivery] = await deliveriesOf(user, endpoint.id);
    t.clock.advance(DISABLE_AFTER_MS);
    await t.app.services.webhooks.deliver(delivery!.id);
    const [off] = data(await t.call('GET', '/api/account/webhooks', { session: user }), webhookEndpointsResponse).endpoints;
    expect(off!.disabled_at).not.toBeNull();
    const mail = await t.smtp.waitForMail(user.email);
    expect(mail.subject).toContain('turned off a webhook');
    expect(mail.text).toContain(receiver.url);

    receiver.answer(200);
    const count = receiver.received.length;
    await generate(user);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length).toBe(count);
    expect(refusal(await t.call('POST', `/api/account/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, { session: user }), 409).code).toBe('CONFLICT');
  });

  it('needs the signed-in session: an API key cannot manage webhooks', async () => {
    const user = await t.make.user();
    const key = await t.make.bearerKey(user);
    expect(refusal(await t.call('GET', '/api/account/webhooks', { headers: { authorization: `Bearer ${key}` } }), 403).code).toBe('FORBIDDEN');
    expect(refusal(await t.call('POST', '/api/account/webhooks', { session: user, csrf: null, body: { url: receiver.url, events: ['batch.completed'] } }), 403).code).toBe('CSRF_INVALID');
  });
});

describe('endpoints inside a private network (SSRF)', () => {
  let strict: TestApp;
  afterAll(async () => strict?.close());

  it('refuses http, private, loopback and link-local addresses, and credentials in the address, unless WEBHOOK_ALLOW_PRIVATE=1', async () => {
    strict = await createTestApp();
    const user = await strict.make.user();
    for (const [url, says] of [
      ['http://hooks.example.com/x', 'https://'],
      ['https://127.0.0.1/x', 'private network'],
      ['https://localhost:8443/x', 'private network'],
      ['https://10.1.2.3/x', 'private network'],
      ['https://169.254.169.254/latest/meta-data', 'private network'],
      ['https://[::1]/x', 'private network'],
      ['https://[::ffff:192.168.1.1]/x', 'private network'],
      ['https://user:pass@hooks.example.com/x', 'user name and password'],
    ] as const) {
      const res = await strict.call('POST', '/api/account/webhooks', { session: user, body: { url, events: ['batch.completed'] } });
      expect(refusal(res, 400).message, url).toContain(says);
    }
    expect(data(await strict.call('GET', '/api/account/webhooks', { session: user }), webhookEndpointsResponse).endpoints).toEqual([]);
  });
});
