/**
 * The same code as several processes (node --test; see e2e/scale-out/cluster.ts for what it starts): sessions
 * hold across the two web processes, jobs sent through either are done by the worker, and a worker killed in the
 * middle of a job is replaced without losing the job or a credit. Mockups are painted by a fake OpenAI-compatible
 * API, so they cost credits (a local preview costs none) and a test can hold one mid-job.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeOpenAi } from '../../server/test-support/fake-ai/openai.ts';
import { makePng } from '../../server/test-support/media.ts';
import { startScaleOut, type ScaleOutCluster } from './cluster.ts';
import { call, dataOf, eventually, idempotent, signIn, type Signed } from './client.ts';

interface Profile {
  user: { id: string; name: string | null };
  credits: { balance: string };
}
interface JobStatus {
  status: string;
  attempts: number;
  result: { images: Array<{ uuid: string; style: string }>; credits_used: string } | null;
  error_message: string | null;
}

let cluster: ScaleOutCluster;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let web1: string;
let web2: string;

before(async () => {
  openai = await startFakeOpenAi();
  cluster = await startScaleOut({
    AI_MOCKUP_PROVIDER: 'openai',
    AI_IMAGE_PROVIDER: 'local',
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.url,
  });
  [web1, web2] = cluster.webs.map((w) => w.url) as [string, string];
});

after(async () => {
  await cluster?.stop();
  await openai?.close();
});

/** Fails with every process's output, which is what explains a failure here. */
async function explained(work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    (err as Error).message += `\n${cluster.output().slice(-6000)}`;
    throw err;
  }
}

const profile = async (base: string, session: Signed) => call<Profile>(base, 'GET', '/api/auth/profile', { session });

async function submitMockup(base: string, session: Signed): Promise<string> {
  const answer = await call<{ job_id: string; credits_held: string }>(base, 'POST', '/api/ai/generate-image', {
    session,
    headers: idempotent(),
    body: { toolName: 'mockup-generator', images: [(await makePng(160, 120)).toString('base64')], styles: ['poster'] },
  });
  return dataOf(answer, `mockup through ${base}`).job_id;
}

const jobStatus = async (base: string, session: Signed, jobId: string) =>
  dataOf(await call<JobStatus>(base, 'GET', `/api/ai/mockup-job-status?job_id=${jobId}`, { session }), 'mockup status');

/** Waits until the job settles (asking `base`), and answers how it ended. */
const settled = (base: string, session: Signed, jobId: string, ms: number) =>
  eventually(`mockup ${jobId} settled`, async () => {
    const status = await jobStatus(base, session, jobId);
    return ['completed', 'failed'].includes(status.status) ? status : undefined;
  }, ms);

describe('two web processes and a worker on one PostgreSQL, files in S3, behind one address', () => {
  it('alternates the proxy\'s requests between the web processes', async () => {
    const before = [...cluster.proxy.counts];
    for (let i = 0; i < 4; i++) assert.equal((await fetch(`${cluster.url}/api/health`)).status, 200);
    assert.deepEqual(
      cluster.proxy.counts.map((n, i) => n - before[i]!),
      [2, 2],
    );
  });

  it('holds a session across processes: signed in through one, used and changed through the other, ended everywhere by one logout', () =>
    explained(async () => {
      // Link asked for through web 1, used through web 2: the session is web 2's making.
      const session = await signIn(cluster.smtp, 'across@example.com', web1, web2);
      for (const base of [web1, web2, cluster.url, cluster.url]) {
        assert.equal(dataOf(await profile(base, session), `profile through ${base}`).user.id, session.userId);
      }
      // A write through web 1 (its CSRF check reads the session web 2 made) is seen by web 2 at once.
      dataOf(await call(web1, 'PUT', '/api/auth/profile', { session, body: { name: 'Renamed On One' } }), 'rename');
      assert.equal(dataOf(await profile(web2, session), 'profile after rename').user.name, 'Renamed On One');
      // Logging out through web 2 ends the session for web 1 and the proxy too, with no delay.
      dataOf(await call(web2, 'POST', '/api/auth/logout', { session }), 'logout');
      for (const base of [web1, web2, cluster.url]) assert.equal((await profile(base, session)).status, 401, `profile through ${base} after logout`);
    }));

  it('runs a mockup job sent through either web process in the worker, its result stored in S3 and served by the other', () =>
    explained(async () => {
      const session = await signIn(cluster.smtp, 'jobs@example.com', cluster.url, cluster.url);
      for (const [sentTo, askedAt] of [
        [web1, web2],
        [web2, web1],
      ] as const) {
        const jobId = await submitMockup(sentTo, session);
        const done = await settled(askedAt, session, jobId, 60_000);
        assert.equal(done.status, 'completed', `job sent to ${sentTo}: ${done.error_message}`);
        const image = done.result!.images[0]!;
        const download = await fetch(`${askedAt}/api/files/download/${image.uuid}`, { headers: { cookie: `ampkit_session=${session.cookie}` } });
        assert.equal(download.status, 200);
        assert.equal(Buffer.from(await download.arrayBuffer()).subarray(1, 4).toString(), 'PNG');
      }
      const [{ n }] = (await cluster.database.query<{ n: string }>(
        "SELECT count(*) AS n FROM generations WHERE user_id = $1 AND tool = 'mockup-generator' AND status = 'completed'",
        [session.userId],
      )) as [{ n: string }];
      assert.equal(Number(n), 2);
    }));

  it('replaces a worker killed (SIGKILL) mid-job: a new worker finishes the job, charged exactly once, no hold left', () =>
    explained(async () => {
      const session = await signIn(cluster.smtp, 'killed@example.com', web1, web2);
      const startBalance = dataOf(await profile(web1, session), 'profile').credits.balance;
      const painted = openai.requests.length;
      // The worker's first call to the image API gets no answer: the job is mid-way when the worker dies.
      openai.failNext({ delayMs: 10 * 60_000 });
      const jobId = await submitMockup(web2, session);
      await eventually('the worker calls the image API', async () => (openai.requests.length > painted ? true : undefined), 60_000);
      assert.equal((await jobStatus(web1, session, jobId)).status, 'processing');
      const killed = cluster.worker();
      await killed.kill();
      assert.equal(killed.child.signalCode, 'SIGKILL');
      await cluster.startWorker();
      // pg-boss sees the dead worker's heartbeat stop (JOB_HEARTBEAT_SECONDS 10 s in the cluster, checked every 2 s) and hands the job to the new one.
      const done = await settled(web1, session, jobId, 150_000);
      assert.equal(done.status, 'completed', `after the kill: ${done.error_message}`);
      assert.equal(done.attempts, 2);
      assert.equal(done.result!.images.length, 1);

      const price = done.result!.credits_used;
      assert.equal(Number(price), 0.5);
      const balance = dataOf(await profile(web2, session), 'profile after').credits.balance;
      assert.equal(Number(balance), Number(startBalance) - Number(price), `balance ${startBalance} → ${balance}, price ${price}`);
      const [account] = await cluster.database.query<{ balance: string; held: string }>('SELECT balance, held FROM credit_accounts WHERE user_id = $1', [session.userId]);
      assert.equal(Number(account!.held), 0, 'credits still held');
      const holds = await cluster.database.query<{ status: string }>('SELECT status FROM credit_holds WHERE user_id = $1', [session.userId]);
      assert.deepEqual(
        holds.map((h) => h.status),
        ['captured'],
      );
      const usage = await cluster.database.query<{ amount: string }>("SELECT amount FROM credit_ledger WHERE user_id = $1 AND type = 'usage'", [session.userId]);
      assert.deepEqual(
        usage.map((u) => Number(u.amount)),
        [-0.5],
      );
      const files = await cluster.database.query<{ n: string }>("SELECT count(*) AS n FROM files WHERE user_id = $1 AND entity_type = 'generated_image'", [session.userId]);
      assert.equal(Number(files[0]!.n), 1, 'one mockup image kept');
    }));
});
