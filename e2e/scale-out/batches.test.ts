/**
 * A batch across two workers, one killed mid-batch (issue 28; node --test, see e2e/scale-out/cluster.ts for what it
 * starts): the items of one user's batch are `ai.generate` jobs in the user's pg-boss group, run by two worker
 * processes at most BATCH_CONCURRENCY_PER_USER at once between them; worker 1 is killed (SIGKILL) in the middle of its
 * items, worker 2 runs them again (one retry each), and every item ends done, charged once, zipped once.
 *
 * Each worker calls a fake Gemini of its own, so a provider call tells which worker made it; the web processes call a
 * third one, which must hear nothing. Each item is a solid colour of its own, which the thumbnail's frame keeps, so a
 * call's image tells which item it is for. Worker 1's fake answers its first call after CALL_MS and holds every later
 * one open until the worker dies: the kill lands in the middle of worker 1's items, after it finished one.
 *
 * BATCH_CONCURRENCY_PER_USER is 3 and each worker runs 2 generations at once (GENERATION_CONCURRENCY): together the
 * workers could run 4 of the user's items, so only the user's group keeps them to 3, and 3 at once needs both workers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { batchAccepted, batchDetail, type BatchDetail } from '../../contract/batches.ts';
import { SESSION_COOKIE } from '../../contract/constants.ts';
import type { CreditTransaction } from '../../contract/credits.ts';
import { GEMINI_OUTPUT_COLOR, startFakeGemini, type FakeGemini } from '../../server/test-support/fake-ai/gemini.ts';
import type { RecordedAiRequest } from '../../server/test-support/fake-ai/http.ts';
import { unzip } from '../../server/test-support/zip.ts';
import type { AppProcess } from '../app-process.ts';
import { startScaleOut, type ScaleOutCluster } from './cluster.ts';
import { call, dataOf, eventually, idempotent, signIn, type Signed } from './client.ts';

/** BATCH_CONCURRENCY_PER_USER in every process. */
const PER_USER = 3;
/** GENERATION_CONCURRENCY: what one worker runs at once. */
const PER_WORKER = 2;
/** How long an answered provider call takes: long enough that the workers' items overlap. */
const CALL_MS = 2500;
/** The good items, each a colour of its own; one more, text named like a PNG, is refused by name. */
const COLOURS = [
  { r: 220, g: 40, b: 40 },
  { r: 40, g: 40, b: 220 },
  { r: 230, g: 200, b: 30 },
  { r: 150, g: 40, b: 190 },
  { r: 240, g: 130, b: 20 },
  { r: 20, g: 200, b: 210 },
];
const GOOD = COLOURS.length;
const REFUSED_AT = 2;
const REFUSED_NAME = 'notes.png';

let cluster: ScaleOutCluster;
/** The Gemini worker 1 calls (the one killed). */
let gemini1: FakeGemini;
/** The Gemini worker 2 calls. */
let gemini2: FakeGemini;
/** The Gemini the web processes would call: an item run in a web process would be heard here. */
let webGemini: FakeGemini;
let worker1: AppProcess;
let worker2: AppProcess;
let web1: string;
let web2: string;
/** What happened when (calls in flight, item states, the kill), for a failure's message. */
const timeline: string[] = [];

before(async () => {
  [gemini1, gemini2, webGemini] = await Promise.all([startFakeGemini(), startFakeGemini(), startFakeGemini()]);
  cluster = await startScaleOut(
    {
      AI_IMAGE_PROVIDER: 'gemini',
      GEMINI_API_KEY: gemini1.apiKey,
      BATCH_CONCURRENCY_PER_USER: String(PER_USER),
      GENERATION_CONCURRENCY: String(PER_WORKER),
    },
    { web: { GEMINI_BASE_URL: webGemini.url }, worker: { GEMINI_BASE_URL: gemini1.url } },
  );
  worker1 = cluster.worker();
  worker2 = await cluster.startWorker({ GEMINI_BASE_URL: gemini2.url });
  [web1, web2] = cluster.webs.map((w) => w.url) as [string, string];
});

after(async () => {
  await cluster?.stop();
  await Promise.all([gemini1?.close(), gemini2?.close(), webGemini?.close()]);
});

/** Fails with the timeline and every process's output, which is what explains a failure here. */
async function explained(work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    const more = `\ntimeline:\n${timeline.join('\n')}\n${cluster.output().slice(-8000)}`;
    (err as Error).message += more;
    (err as Error).stack += more;
    throw err;
  }
}

const imageCalls = (fake: FakeGemini) => fake.requests.filter((r) => r.path.endsWith(':generateContent'));
/** A call the fake has not answered yet (nor seen dropped). */
const inFlight = (r: RecordedAiRequest) => r.status === undefined;
/** The calls in flight now, as worker.call. */
const callsInFlight = () => [
  ...imageCalls(gemini1).flatMap((r, n) => (inFlight(r) ? [`1.${n}`] : [])),
  ...imageCalls(gemini2).flatMap((r, n) => (inFlight(r) ? [`2.${n}`] : [])),
];

const solidPng = (c: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: c } })
    .png()
    .toBuffer();

/** The item a provider call is for: the colour of the frame it was sent (decoded once per call). */
const itemOfCall = new WeakMap<RecordedAiRequest, Promise<number>>();
function itemOf(request: RecordedAiRequest): Promise<number> {
  let known = itemOfCall.get(request);
  if (!known) {
    known = (async () => {
      const parts = (request.json as { contents: Array<{ parts: Array<{ inlineData?: { data: string } }> }> }).contents[0]!.parts;
      const image = parts.find((p) => p.inlineData)!.inlineData!.data;
      const { data } = await sharp(Buffer.from(image, 'base64')).raw().toBuffer({ resolveWithObject: true });
      const distance = (c: { r: number; g: number; b: number }) => Math.abs(c.r - data[0]!) + Math.abs(c.g - data[1]!) + Math.abs(c.b - data[2]!);
      const index = COLOURS.findIndex((c) => distance(c) <= 12);
      assert.ok(index >= 0, `a provider call's frame is no item's colour: ${[data[0], data[1], data[2]].join(',')}`);
      return index;
    })();
    itemOfCall.set(request, known);
  }
  return known;
}

/** Good item `i`'s position in the batch (the refused item sits among them). */
const positionOf = (i: number) => (i < REFUSED_AT ? i : i + 1);
const nameOf = (i: number) => `photo-${i}.png`;
const byNumber = (a: number, b: number) => a - b;
/** A decimal amount of credits (4 places, as the API writes them) in ten-thousandths: exact sums and products. */
const units = (decimal: string) => Math.round(Number(decimal) * 10_000);

const detailOf = async (base: string, session: Signed, id: string): Promise<BatchDetail> =>
  batchDetail.parse(dataOf(await call(base, 'GET', `/api/batches/${id}`, { session }), `batch through ${base}`));

const balanceOf = async (base: string, session: Signed) =>
  dataOf(await call<{ balance: { balance: string; available_credits: string } }>(base, 'GET', '/api/credits/balance', { session }), `balance through ${base}`)
    .balance;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a batch on two workers, one killed mid-batch', () => {
  it("runs every accepted item to done across both workers, at most BATCH_CONCURRENCY_PER_USER at once; the killed worker's items run again in the other, each charged once, zipped once", () =>
    explained(async () => {
      const session = await signIn(cluster.smtp, 'batch-two-workers@example.com', web1, web2);
      const start = await balanceOf(web2, session);
      assert.equal(start.available_credits, start.balance);

      // Worker 1's first call is answered; every later one is held open until the worker dies. Worker 2's are answered.
      gemini1.failNext({ delayMs: CALL_MS }, ...COLOURS.map(() => ({ delayMs: 10 * 60_000 })));
      gemini2.failNext(...[...COLOURS, ...COLOURS].map(() => ({ delayMs: CALL_MS })));

      const t0 = Date.now();
      const note = (what: string) => {
        timeline.push(`${((Date.now() - t0) / 1000).toFixed(2)}s ${what}`);
        if (process.env.DEBUG_BATCH) console.error(timeline.at(-1));
      };
      // What runs at once as the providers see it: the calls in flight across both workers, sampled in this process.
      let mostCalls = 0;
      let open = '';
      const countCalls = () => {
        const now = callsInFlight();
        mostCalls = Math.max(mostCalls, now.length);
        if (now.join(' ') !== open) note(`calls in flight [${(open = now.join(' '))}]`);
        return now;
      };
      const sampler = setInterval(countCalls, 20).unref();
      let polling = true;
      let poller: Promise<void> | undefined;
      try {
        // What runs at once as the user sees it: the items running in each answer of GET /api/batches/:id. An item
        // whose worker died shows running until it is claimed again, though after the heartbeat ran out nothing holds
        // it: only those whose job pg-boss still holds (active) count, a dead worker's until pg-boss sees it dead.
        let mostRunning = 0;
        let states = '';
        const observe = async (detail: BatchDetail) => {
          const running = detail.items.filter((i) => i.status === 'running').map((i) => i.generation_id!);
          const active = running.length
            ? await cluster.database.query<{ id: string }>(
                "SELECT data->>'generationId' AS id FROM pgboss.job WHERE name = 'ai.generate' AND state = 'active' AND data->>'generationId' = ANY($1::text[])",
                [running],
              )
            : [];
          mostRunning = Math.max(mostRunning, active.length);
          const now = detail.items.map((i) => (i.status === 'running' && !active.some((a) => a.id === i.generation_id) ? 'running (not held)' : i.status)).join(', ');
          if (now !== states) note(`items [${(states = now)}]`);
          return detail;
        };

        const items = await Promise.all(COLOURS.map(async (c, i) => ({ imageData: (await solidPng(c)).toString('base64'), mimeType: 'image/png', name: nameOf(i) })));
        items.splice(REFUSED_AT, 0, { imageData: Buffer.from('this is a text file, not a photo at all').toString('base64'), mimeType: 'image/png', name: REFUSED_NAME });
        const body = { tool: 'thumbnail-generator', options: {}, items };
        const key = idempotent();
        const answer = await call(web1, 'POST', '/api/batches', { session, headers: key, body });
        assert.equal(answer.status, 202, `POST /api/batches: ${answer.status} ${JSON.stringify(answer.body)}`);
        const accepted = batchAccepted.parse(answer.body.data);
        const price = units(accepted.quote.unit_price);
        assert.ok(price > 0, `a Gemini thumbnail is paid: ${JSON.stringify(accepted.quote)}`);
        assert.deepEqual(
          { items: accepted.quote.items, total: units(accepted.quote.total), preview: accepted.quote.preview },
          { items: GOOD, total: GOOD * price, preview: false },
        );
        const refused = accepted.items[REFUSED_AT]!;
        assert.deepEqual({ name: refused.name, status: refused.status, generation: refused.generation_id }, { name: REFUSED_NAME, status: 'failed', generation: null });
        assert.ok(refused.error!.message.startsWith(`${REFUSED_NAME}: `), refused.error!.message);
        const held = await balanceOf(web2, session);
        assert.equal(units(held.available_credits), units(start.balance) - GOOD * price, `held for ${GOOD} items: ${JSON.stringify(held)}`);
        // The same key through the other web process answers the same batch and holds nothing more.
        const replay = await call(web2, 'POST', '/api/batches', { session, headers: key, body });
        assert.equal(replay.status, 202, JSON.stringify(replay.body));
        assert.equal(batchAccepted.parse(replay.body.data).batch_id, accepted.batch_id);
        assert.deepEqual(await balanceOf(web1, session), held);

        // Polled through both web processes until the batch ends.
        poller = (async () => {
          for (let n = 0; polling; n++) {
            await observe(await detailOf(n % 2 ? web2 : web1, session, accepted.batch_id));
            await sleep(100);
          }
        })();
        // Its failure is the test's, reported when it is awaited.
        poller.catch(() => {});

        // Worker 1 is killed once its one answered item is stored and its job settled, while it waits on a provider
        // call of another item and worker 2 runs one too.
        const finishedBy1 = await eventually(
          "worker 1 done with one item, mid-way through another, while worker 2 runs one",
          async () => {
            const answered = imageCalls(gemini1).filter((r) => r.status === 200);
            const now = countCalls();
            if (answered.length !== 1 || !now.some((c) => c.startsWith('1.')) || !now.some((c) => c.startsWith('2.'))) return undefined;
            const item = await itemOf(answered[0]!);
            const detail = await observe(await detailOf(web2, session, accepted.batch_id));
            const generation = detail.items[positionOf(item)]!.generation_id;
            const [job] = await cluster.database.query<{ state: string }>(
              "SELECT state FROM pgboss.job WHERE name = 'ai.generate' AND data->>'generationId' = $1",
              [generation],
            );
            return detail.items[positionOf(item)]!.status === 'done' && job?.state === 'completed' ? item : undefined;
          },
          90_000,
        );
        note(`kill worker 1 (it answered ${nameOf(finishedBy1)})`);
        await worker1.kill();
        assert.equal(worker1.child.signalCode, 'SIGKILL');
        // Its calls cut by the kill: every one not answered, read once it is dead. Between the check above and the
        // signal, worker 2's call may end and free the user's slot, and worker 1 claim and start one more item.
        const cut = imageCalls(gemini1).filter((r) => r.status !== 200);
        const victims = (await Promise.all(cut.map(itemOf))).sort(byNumber);
        assert.ok(victims.length >= 1 && victims.length <= PER_WORKER, `worker 1 was calling Gemini for ${victims.length} items`);
        // Its connections to Gemini went with it; its items are still running for the user: nothing settled them.
        await eventually("Gemini sees worker 1's calls dropped", async () => (cut.every((r) => r.status === 0) ? true : undefined), 30_000);
        const afterKill = await observe(await detailOf(web2, session, accepted.batch_id));
        for (const i of victims) assert.equal(afterKill.items[positionOf(i)]!.status, 'running', `${nameOf(i)} after the kill`);

        // pg-boss sees worker 1's heartbeat stop (JOB_HEARTBEAT_SECONDS 10 s in the cluster, checked every 2 s) and
        // worker 2 runs those items again.
        const done = await eventually(
          'the batch finished',
          async () => {
            const now = await observe(await detailOf(web1, session, accepted.batch_id));
            return now.status !== 'running' && now.finished_at ? now : undefined;
          },
          150_000,
        );
        polling = false;
        await poller;
        clearInterval(sampler);
        note('finished');

        // Every accepted item done and charged its price; the refused one failed, charged nothing.
        assert.equal(done.status, 'finished');
        assert.deepEqual(done.counts, { queued: 0, running: 0, done: GOOD, failed: 1, cancelled: 0 });
        assert.equal(units(done.charged), GOOD * price);
        for (let i = 0; i < GOOD; i++) {
          const item = done.items[positionOf(i)]!;
          assert.equal(item.name, nameOf(i));
          assert.equal(item.status, 'done', `${item.name}: ${JSON.stringify(item.error)}`);
          assert.equal(units(item.credits), price, `${item.name} charged ${item.credits}`);
          assert.ok(item.result?.uuid, `${item.name} has no result`);
        }
        const refusedAtEnd = done.items[REFUSED_AT]!;
        assert.deepEqual(
          { name: refusedAtEnd.name, status: refusedAtEnd.status, credits: refusedAtEnd.credits, generation: refusedAtEnd.generation_id },
          { name: REFUSED_NAME, status: 'failed', credits: '0', generation: null },
        );

        // The provider calls: none from a web process, none left open. Each item's call was answered exactly once
        // (the refused item made none): worker 1 answered one item, and its calls cut by the kill are the only ones
        // dropped; worker 2 answered every other item, the victims included. Both workers made done items.
        assert.equal(imageCalls(webGemini).length, 0, 'a web process called Gemini');
        const calls = [
          ...(await Promise.all(imageCalls(gemini1).map(async (r) => ({ worker: 1, item: await itemOf(r), status: r.status })))),
          ...(await Promise.all(imageCalls(gemini2).map(async (r) => ({ worker: 2, item: await itemOf(r), status: r.status })))),
        ];
        const answeredBy = (worker: number) =>
          calls
            .filter((c) => c.worker === worker && c.status === 200)
            .map((c) => c.item)
            .sort(byNumber);
        assert.deepEqual(
          calls.filter((c) => c.status !== 200 && c.status !== 0),
          [],
          'calls neither answered nor dropped',
        );
        assert.deepEqual([...answeredBy(1), ...answeredBy(2)].sort(byNumber), COLOURS.map((_, i) => i), 'each item answered once');
        assert.deepEqual(answeredBy(1), [finishedBy1], 'answered for worker 1');
        assert.deepEqual(
          calls
            .filter((c) => c.status === 0)
            .map((c) => [c.worker, c.item])
            .sort((a, b) => a[1]! - b[1]!),
          victims.map((i) => [1, i]),
          'dropped calls',
        );
        assert.deepEqual(
          answeredBy(2),
          COLOURS.map((_, i) => i).filter((i) => i !== finishedBy1),
          'answered for worker 2',
        );

        // At most PER_USER of the user's items at once across both workers: as the providers saw them and as the user
        // saw them running (both measures saw the two workers' items together).
        assert.ok(mostCalls <= PER_USER, `${mostCalls} provider calls at once (BATCH_CONCURRENCY_PER_USER ${PER_USER})`);
        assert.ok(mostRunning <= PER_USER, `${mostRunning} items running at once (BATCH_CONCURRENCY_PER_USER ${PER_USER})`);
        assert.ok(mostCalls >= 2 && mostRunning >= victims.length, `the counts saw nothing: ${mostCalls} calls, ${mostRunning} running`);

        // The generations and their jobs: what worker 1 had started ran once more in worker 2 (attempt 2, the queue's
        // one retry): its victims, and at most one item it had claimed but not yet sent to Gemini. Every other item ran once.
        const ids = done.items.flatMap((i) => (i.generation_id ? [i.generation_id] : []));
        const generationOf = (i: number) => done.items[positionOf(i)]!.generation_id!;
        const rows = await cluster.database.query<{ id: string; status: string; attempts: number; hold_id: string }>(
          'SELECT id, status, attempts, hold_id FROM generations WHERE id = ANY($1::uuid[])',
          [ids],
        );
        assert.deepEqual(
          rows.map((r) => r.status),
          ids.map(() => 'completed'),
        );
        const retried = new Set(rows.filter((r) => r.attempts === 2).map((r) => r.id));
        assert.deepEqual(
          rows.filter((r) => r.attempts !== 1 && r.attempts !== 2),
          [],
          'attempts',
        );
        for (const i of victims) assert.ok(retried.has(generationOf(i)), `${nameOf(i)} was not retried`);
        assert.ok(retried.size <= PER_WORKER && !retried.has(generationOf(finishedBy1)), `retried: ${[...retried].join(', ')}`);
        const jobs = await cluster.database.query<{ generation: string; state: string; retry_count: number; priority: number; group_id: string }>(
          "SELECT data->>'generationId' AS generation, state, retry_count, priority, group_id FROM pgboss.job WHERE name = 'ai.generate' AND data->>'generationId' = ANY($1::text[])",
          [ids],
        );
        assert.equal(jobs.length, GOOD, 'one job per item');
        assert.deepEqual(
          Object.fromEntries(jobs.map((j) => [j.generation, [j.state, j.retry_count, j.priority, j.group_id]])),
          Object.fromEntries(ids.map((id) => [id, ['completed', retried.has(id) ? 1 : 0, -1, session.userId]])),
          'jobs: state, retries, priority, group',
        );

        // Money: one usage line of the price per done item (each its own item's hold), nothing held, nothing else taken.
        const usage = dataOf(
          await call<{ transactions: CreditTransaction[] }>(web2, 'GET', '/api/credits/transactions?limit=200', { session }),
          'transactions',
        ).transactions.filter((t) => t.type === 'usage');
        assert.deepEqual(
          usage.map((u) => units(u.amount)),
          COLOURS.map(() => -price),
          `usage lines: ${JSON.stringify(usage)}`,
        );
        const ledger = await cluster.database.query<{ idempotency_key: string }>("SELECT idempotency_key FROM credit_ledger WHERE user_id = $1 AND type = 'usage'", [
          session.userId,
        ]);
        assert.deepEqual(ledger.map((l) => l.idempotency_key).sort(), rows.map((r) => `hold:${r.hold_id}`).sort());
        const holds = await cluster.database.query<{ status: string }>('SELECT status FROM credit_holds WHERE user_id = $1', [session.userId]);
        assert.deepEqual(
          holds.map((h) => h.status),
          COLOURS.map(() => 'captured'),
        );
        for (const base of [web1, web2]) {
          const end = await balanceOf(base, session);
          assert.equal(units(end.balance), units(start.balance) - GOOD * price, `balance ${start.balance} → ${end.balance}, ${GOOD} × ${accepted.quote.unit_price}`);
          assert.equal(end.available_credits, end.balance, 'credits still held');
        }

        // The ZIP, through the proxy: one entry per done item, named after it, each Gemini's 1280x720 thumbnail.
        const zip = await fetch(`${cluster.url}/api/batches/${accepted.batch_id}/download`, { headers: { cookie: `${SESSION_COOKIE}=${session.cookie}` } });
        assert.equal(zip.status, 200);
        assert.equal(zip.headers.get('content-type'), 'application/zip');
        const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
        assert.deepEqual([...entries.keys()].sort(), COLOURS.map((_, i) => `photo-${i}-thumbnail-generator.png`).sort());
        for (const [name, bytes] of entries) {
          const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
          assert.deepEqual(
            [info.width, info.height, data[0], data[1], data[2]],
            [1280, 720, GEMINI_OUTPUT_COLOR.r, GEMINI_OUTPUT_COLOR.g, GEMINI_OUTPUT_COLOR.b],
            name,
          );
        }

        // Told once, by mail, by whichever worker settled the last item.
        const mail = await cluster.smtp.waitForMail(session.email);
        assert.equal(mail.subject, `Thumbnail Generator batch: ${GOOD} done, 1 not charged`);
        assert.equal(cluster.smtp.received.filter((m) => m.to.includes(session.email)).length, 1, 'batch mails');
        assert.equal(worker2.child.exitCode, null, 'worker 2 stopped');
      } finally {
        polling = false;
        clearInterval(sampler);
        await poller?.catch(() => {});
      }
    }));
});
