/**
 * Durable generations across processes (issue 24; node --test, see e2e/scale-out/cluster.ts for what it starts): a
 * paid generation started through one web process is run by the worker and followed to its result through the other
 * web process; a worker killed (SIGKILL) in the middle of one is replaced, the generation is run once more and
 * charged once.
 *
 * The morph's images come from a fake Gemini started here. The worker calls it; the two web processes are pointed at
 * a second fake Gemini (same key), so a provider call made by a web process would show there: it must hear nothing.
 * GENERATION_WAIT_MS is 1 s, so a call whose provider takes longer answers 202 and the status URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { generatedImageResponse, type GeneratedImage } from '../../contract/ai.ts';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import type { CreditTransaction } from '../../contract/credits.ts';
import { generationAccepted, generationStatus, type GenerationAccepted, type GenerationStatus } from '../../contract/generations.ts';
import { GEMINI_OUTPUT_COLOR, startFakeGemini, type FakeGemini } from '../../server/test-support/fake-ai/gemini.ts';
import { makePng } from '../../server/test-support/media.ts';
import { startScaleOut, type ScaleOutCluster } from './cluster.ts';
import { call, dataOf, eventually, idempotent, signIn, type Signed } from './client.ts';

interface Balance {
  balance: { balance: string; available_credits: string };
}

let cluster: ScaleOutCluster;
/** The Gemini the worker calls. */
let gemini: FakeGemini;
/** The Gemini the web processes would call: a generation run in a web process would be heard here. */
let webGemini: FakeGemini;
let web1: string;
let web2: string;

before(async () => {
  [gemini, webGemini] = await Promise.all([startFakeGemini(), startFakeGemini()]);
  cluster = await startScaleOut(
    {
      AI_IMAGE_PROVIDER: 'gemini',
      GEMINI_API_KEY: gemini.apiKey,
      GENERATION_WAIT_MS: '1000',
    },
    { web: { GEMINI_BASE_URL: webGemini.url }, worker: { GEMINI_BASE_URL: gemini.url } },
  );
  [web1, web2] = cluster.webs.map((w) => w.url) as [string, string];
});

after(async () => {
  await cluster?.stop();
  await Promise.all([gemini?.close(), webGemini?.close()]);
});

/** Fails with every process's output, which is what explains a failure here. */
async function explained(work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    (err as Error).message += `\n${cluster.output().slice(-8000)}`;
    throw err;
  }
}

const imageCalls = (fake: FakeGemini) => fake.requests.filter((r) => r.path.endsWith(':generateContent'));

const balanceOf = async (base: string, session: Signed) =>
  dataOf(await call<Balance>(base, 'GET', '/api/credits/balance', { session }), `balance through ${base}`).balance;

const usageOf = async (base: string, session: Signed) =>
  dataOf(await call<{ transactions: CreditTransaction[] }>(base, 'GET', '/api/credits/transactions?limit=200', { session }), `transactions through ${base}`).transactions.filter(
    (t) => t.type === 'usage',
  );

/** The morph's price as the API quotes it (image_generation, standard; no preprocessing at the original ratio). */
const morphPrice = async (base: string, session: Signed) =>
  dataOf(await call<{ required_credits: string }>(base, 'GET', '/api/credits/predict-cost?service_type=image_generation', { session }), 'predict cost')
    .required_credits;

/** POST /api/ai/generate-image (the morph) through `base`; the provider is slower than the wait, so 202. */
async function startMorph(base: string, session: Signed, key: Record<string, string>): Promise<GenerationAccepted> {
  const answer = await call(base, 'POST', '/api/ai/generate-image', {
    session,
    headers: key,
    body: { imageData: (await makePng(96, 64)).toString('base64'), userPrompt: 'golden hour' },
  });
  assert.equal(answer.status, 202, `morph through ${base}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return generationAccepted.parse(answer.body.data);
}

const statusOf = async (base: string, session: Signed, url: string): Promise<GenerationStatus> =>
  generationStatus.parse(dataOf(await call(base, 'GET', url, { session }), `${url} through ${base}`));

/** Follows the status URL through `base` until the generation ends; `seen` collects every state it answered. */
const followed = (base: string, session: Signed, url: string, ms: number, seen: string[] = []) =>
  eventually(
    `${url} settled (seen through ${base}: ${seen.join(', ')})`,
    async () => {
      const status = await statusOf(base, session, url);
      if (seen.at(-1) !== status.status) seen.push(status.status);
      return ['queued', 'processing'].includes(status.status) ? undefined : status;
    },
    ms,
  );

/** The generated image, downloaded through `base`: a PNG of the fake Gemini's colour. */
async function assertGeminiImage(base: string, session: Signed, image: GeneratedImage) {
  const res = await fetch(`${base}${image.image}`, { headers: { cookie: `${SESSION_COOKIE}=${session.cookie}` } });
  assert.equal(res.status, 200, `download ${image.image} through ${base}`);
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
  assert.ok(info.width > 0 && info.height > 0);
  assert.deepEqual([data[0], data[1], data[2]], [GEMINI_OUTPUT_COLOR.r, GEMINI_OUTPUT_COLOR.g, GEMINI_OUTPUT_COLOR.b], 'the fake Gemini\'s colour');
}

/** Charged once: one usage line of the price, the balance less the price, nothing held. */
async function assertChargedOnce(base: string, session: Signed, startBalance: string, result: GeneratedImage) {
  const price = await morphPrice(base, session);
  assert.equal(Number(result.credits_used), Number(price), `charged ${result.credits_used}, the morph costs ${price}`);
  assert.ok(Number(price) > 0, 'a Gemini morph is paid');
  const usage = await usageOf(base, session);
  assert.deepEqual(
    usage.map((u) => Number(u.amount)),
    [-Number(price)],
    `usage lines: ${JSON.stringify(usage)}`,
  );
  const after = await balanceOf(base, session);
  assert.equal(Number(after.balance), Number(startBalance) - Number(price), `balance ${startBalance} → ${after.balance}, price ${price}`);
  assert.equal(after.available_credits, after.balance, 'credits still held');
}

describe('durable generations on two web processes and a worker', () => {
  it('runs a generation started through web 1 in the worker; web 2 follows it to the morph\'s answer, charged once', () =>
    explained(async () => {
      const session = await signIn(cluster.smtp, 'durable@example.com', web1, web2);
      const startBalance = (await balanceOf(web2, session)).balance;
      const heard = imageCalls(gemini).length;
      // The worker's call to Gemini answers after 5 s: past the 1 s the call waits.
      gemini.failNext({ delayMs: 5000 });
      const key = idempotent();
      const accepted = await startMorph(web1, session, key);
      assert.equal(accepted.status_url, `/api/generations/${accepted.generation_id}`);

      const seen: string[] = [];
      const done = await followed(web2, session, accepted.status_url, 120_000, seen);
      assert.equal(done.status, 'completed', `ended ${done.status}: ${JSON.stringify(done.error)}`);
      assert.ok(seen.includes('processing'), `states seen through web 2: ${seen.join(', ')}`);
      assert.equal(done.tool, 'image-variator');
      assert.equal(done.provider, 'Gemini');
      assert.equal(done.progress, 100);
      const result = generatedImageResponse.parse(done.result);
      assert.equal(result.generation_id, accepted.generation_id);
      assert.equal(result.provider, 'Gemini');
      assert.equal(result.preview, false);
      assert.equal(done.credits, result.credits_used);
      // The same status through web 1 and the proxy.
      for (const base of [web1, cluster.url]) assert.deepEqual(await statusOf(base, session, accepted.status_url), done, `status through ${base}`);

      // The worker called Gemini, once; no web process did.
      assert.equal(imageCalls(gemini).length, heard + 1, 'the worker\'s Gemini calls');
      assert.equal(imageCalls(webGemini).length, 0, 'a web process called Gemini');

      // The morph's answer: the fake's image, kept in S3, served by either web process.
      for (const base of [web1, web2]) await assertGeminiImage(base, session, result);
      // The call's key, repeated through the other process, now answers the morph itself, charging nothing more.
      const replay = await call(web2, 'POST', '/api/ai/generate-image', {
        session,
        headers: key,
        body: { imageData: (await makePng(96, 64)).toString('base64'), userPrompt: 'golden hour' },
      });
      assert.equal(replay.status, 200, JSON.stringify(replay.body));
      assert.deepEqual(generatedImageResponse.parse(replay.body.data), result);
      assert.equal(imageCalls(gemini).length, heard + 1, 'the replay called Gemini');
      await assertChargedOnce(web1, session, startBalance, result);
      await assertChargedOnce(web2, session, startBalance, result);
    }));

  it('replaces a worker killed (SIGKILL) mid-generation: retried once in the new worker, completed, charged once', () =>
    explained(async () => {
      const session = await signIn(cluster.smtp, 'durable-killed@example.com', web2, web1);
      const startBalance = (await balanceOf(web1, session)).balance;
      const heard = imageCalls(gemini).length;
      // The worker's first call to Gemini gets no answer: the generation is mid-way when the worker dies. The next
      // call (the retry's) answers at once.
      gemini.failNext({ delayMs: 10 * 60_000 });
      const accepted = await startMorph(web1, session, idempotent());
      await eventually('the worker calls Gemini', async () => (imageCalls(gemini).length > heard ? true : undefined), 60_000);
      const hanging = imageCalls(gemini)[heard]!;
      const during = await statusOf(web2, session, accepted.status_url);
      assert.equal(during.status, 'processing');
      const held = await balanceOf(web2, session);
      assert.ok(Number(held.available_credits) < Number(held.balance), `nothing held while it runs: ${JSON.stringify(held)}`);

      const killed = cluster.worker();
      await killed.kill();
      assert.equal(killed.child.signalCode, 'SIGKILL');
      // The dead worker's connection to Gemini is gone with it: the first attempt never got an answer.
      await eventually('Gemini sees the dead worker\'s call dropped', async () => (hanging.status === 0 ? true : undefined), 30_000);
      // Still processing for the user, through either web process: nothing settled it.
      for (const base of [web1, web2]) assert.equal((await statusOf(base, session, accepted.status_url)).status, 'processing', `through ${base}`);
      await cluster.startWorker();

      // pg-boss sees the dead worker's heartbeat stop (JOB_HEARTBEAT_SECONDS 10 s in the cluster, checked every 2 s) and hands the job to the new worker.
      const done = await followed(web2, session, accepted.status_url, 180_000);
      assert.equal(done.status, 'completed', `after the kill: ${JSON.stringify(done.error)}`);
      const result = generatedImageResponse.parse(done.result);
      assert.equal(result.generation_id, accepted.generation_id);
      for (const base of [web1, web2, cluster.url]) assert.deepEqual(await statusOf(base, session, accepted.status_url), done, `status through ${base}`);

      // Retried once: two calls to Gemini (the dropped one, then the retry's, answered), none from a web process.
      const calls = imageCalls(gemini).slice(heard);
      assert.deepEqual(
        calls.map((c) => c.status),
        [0, 200],
      );
      assert.equal(imageCalls(webGemini).length, 0, 'a web process called Gemini');
      const [row] = await cluster.database.query<{ status: string; attempts: number }>('SELECT status, attempts FROM generations WHERE id = $1', [
        accepted.generation_id,
      ]);
      assert.deepEqual({ status: row!.status, attempts: row!.attempts }, { status: 'completed', attempts: 2 });
      const jobs = await cluster.database.query<{ state: string; retry_count: number }>("SELECT state, retry_count FROM pgboss.job WHERE name = 'ai.generate' AND data->>'generationId' = $1", [
        accepted.generation_id,
      ]);
      assert.deepEqual(
        jobs.map((j) => [j.state, j.retry_count]),
        [['completed', 1]],
      );

      for (const base of [web1, web2]) await assertGeminiImage(base, session, result);
      await assertChargedOnce(web1, session, startBalance, result);
      const holds = await cluster.database.query<{ status: string }>('SELECT status FROM credit_holds WHERE user_id = $1', [session.userId]);
      assert.deepEqual(
        holds.map((h) => h.status),
        ['captured'],
      );
      const files = await cluster.database.query<{ n: string }>("SELECT count(*) AS n FROM files WHERE user_id = $1 AND entity_type = 'generated_image'", [session.userId]);
      assert.equal(Number(files[0]!.n), 1, 'one morph image kept');
    }));
});
