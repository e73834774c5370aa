// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isJobRunning } from '../../../lib/job-running.ts';
import { fail, ok, routes, stubFetch } from '../../../test-support/fetch-stub.ts';
import { renderTool } from '../../../test-support/render.tsx';
import { useUpscaleLauncher } from './upscale-launcher.tsx';
import { UPSCALE_MESSAGES, UPSCALE_SETTINGS_KEY } from './upscale-settings.ts';

const uuid = '0b9c3a52-1b9e-4b55-9a2e-3c1f0e7d9a10';
const providers = {
  default_provider: 'local',
  providers: {
    local: {
      label: 'Local engine',
      scale_factors: [2, 4],
      quality_tiers: ['fast', 'standard', 'high_quality'],
      supports_creativity: false,
      supports_sharpen: true,
      pricing: {
        local_2x_fast: { estimated_cost_usd: '0.002', user_cost_credits: '0.005' },
        local_2x_standard: { estimated_cost_usd: '0.004', user_cost_credits: '0.01' },
        local_4x_fast: { estimated_cost_usd: '0.004', user_cost_credits: '0.01' },
      },
    },
  },
};

function Harness({ image }: { image: string }) {
  const upscale = useUpscaleLauncher();
  return (
    <>
      <button type="button" onClick={() => upscale.open({ image, title: 'My picture' })}>
        Open upscaler
      </button>
      {upscale.element}
    </>
  );
}

function renderHarness(image: string) {
  return renderTool(<Harness image={image} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Upscale dialog', () => {
  it('asks to save the image to the gallery first when it has no file uuid', async () => {
    stubFetch(routes({}));
    renderHarness('data:image/jpeg;base64,AAAA');
    fireEvent.click(screen.getByRole('button', { name: 'Open upscaler' }));
    expect(screen.getByRole('alert').textContent).toBe(UPSCALE_MESSAGES.saveFirst);
  });

  it('shows the cost (estimate × 2.5), saves the settings, and upscales with them', async () => {
    const calls = stubFetch(
      routes({
        'GET /api/ai/upscale-providers': () => ok(providers),
        'POST /api/ai/upscale-image': () =>
          ok({ image: `/api/files/serve/${uuid}`, uuid, metadata: {}, processing_time: 1.2, generation_id: 'g1', credits_used: '0.0100', processing_time_ms: 1200, provider: 'Local engine' }),
      }),
    );
    renderHarness(`/api/files/serve/${uuid}`);
    fireEvent.click(screen.getByRole('button', { name: 'Open upscaler' }));
    expect(await screen.findByRole('button', { name: 'Upscale (0.01 credits)' })).toBeTruthy();
    expect(screen.getByText('Usually 15-30 s', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Fast/ }));
    expect(screen.getByRole('button', { name: 'Upscale (0.005 credits)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4x' }));
    fireEvent.click(screen.getByRole('button', { name: 'Advanced settings' }));
    fireEvent.change(screen.getByLabelText('Sharpening'), { target: { value: '2.5' } });
    expect(JSON.parse(localStorage.getItem(UPSCALE_SETTINGS_KEY)!)).toMatchObject({ scaleFactor: 4, qualityTier: 'fast', sharpen: 2.5, showAdvanced: true });

    fireEvent.click(screen.getByRole('button', { name: 'Upscale (0.01 credits)' }));
    expect(isJobRunning()).toBe(true);
    await screen.findByText('Image upscaled');
    expect(isJobRunning()).toBe(false);
    const body = calls.find((c) => c.url === '/api/ai/upscale-image')?.body;
    expect(body).toEqual({ image_uuid: uuid, scale_factor: 4, quality_tier: 'fast', provider: 'local', sharpen: 2.5 });
  });

  it('says before the click when the balance cannot cover the upscale, and tops up instead of calling', async () => {
    const profile = {
      user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
      storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
      credits: { balance: '0.0000', available_credits: '0.0000', lifetime_used: '0', lifetime_purchased: '0' },
      csrf_token: 'csrf-1',
    };
    const calls = stubFetch(routes({ 'GET /api/ai/upscale-providers': () => ok(providers), 'GET /api/auth/profile': () => ok(profile) }));
    renderHarness(`/api/files/serve/${uuid}`);
    fireEvent.click(screen.getByRole('button', { name: 'Open upscaler' }));
    const button = await screen.findByRole('button', { name: 'Not enough credits to upscale (0.01 credits)' });
    expect(screen.getByTestId('credit-shortfall').textContent).toContain('Needs 0.01 credits; you have 0.00.');
    expect(screen.queryByRole('button', { name: /^Upscale \(/ })).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Insufficient Credits' })).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/ai/upscale-image')).toBe(false);
  });

  it('remembers the settings for the next dialog', async () => {
    localStorage.setItem(UPSCALE_SETTINGS_KEY, JSON.stringify({ scaleFactor: 4, qualityTier: 'fast' }));
    stubFetch(routes({ 'GET /api/ai/upscale-providers': () => ok(providers) }));
    renderHarness(`/api/files/serve/${uuid}`);
    fireEvent.click(screen.getByRole('button', { name: 'Open upscaler' }));
    await screen.findByRole('button', { name: 'Upscale (0.01 credits)' });
    expect((screen.getByRole('radio', { name: '4x' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Fast/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says when the providers cannot be loaded, and when the upscale fails', async () => {
    let providersUp = false;
    stubFetch(
      routes({
        'GET /api/ai/upscale-providers': () => (providersUp ? ok(providers) : fail(500, 'INTERNAL', 'nope')),
        'POST /api/ai/upscale-image': () => fail(401, 'UNAUTHENTICATED', 'Please sign in to continue.'),
      }),
    );
    renderHarness(`/api/files/serve/${uuid}`);
    fireEvent.click(screen.getByRole('button', { name: 'Open upscaler' }));
    expect(await screen.findByText(UPSCALE_MESSAGES.providers)).toBeTruthy();
    providersUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Upscale \(/ }));
    await screen.findByText(UPSCALE_MESSAGES.failed);
    expect(screen.getByText(UPSCALE_MESSAGES.auth)).toBeTruthy();
    await act(async () => {});
    await waitFor(() => expect(isJobRunning()).toBe(false));
  });
});

describe('Upscale double-click', () => {
  it('sends both clicks of a double-click with one Idempotency-Key and shows no error for the repeat', async () => {
    let release!: () => void;
    const firstDone = new Promise<void>((r) => (release = r));
    let n = 0;
    const result = { image: `/api/files/serve/${uuid}`, uuid, metadata: {}, processing_time: 1, generation_id: 'g1', credits_used: '0.0100', processing_time_ms: 1000, provider: 'Local engine' };
    const calls = stubFetch(
      routes({
        'GET /api/ai/upscale-providers': () => ok(providers),
        'POST /api/ai/upscale-image': async () => {
          if (++n === 1) {
            await firstDone;
            return ok(result);
          }
          if (n === 2) return fail(409, 'CONFLICT', 'still being processed', { in_progress: true });
          return ok({ ...result, generation_id: 'g2' });
        },
      }),
    );
    renderHarness(`/api/files/serve/${uuid}`);
    fireEvent.click(screen.getByRole('button', { name: 'Open upscaler' }));
    const button = await screen.findByRole('button', { name: /^Upscale \(/ });
    fireEvent.click(button);
    fireEvent.click(button);
    const posts = () => calls.filter((c) => c.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(2));
    release();
    await waitFor(() => expect(isJobRunning()).toBe(false));
    const [a, b] = posts();
    expect(a!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b!.headers['idempotency-key']).toBe(a!.headers['idempotency-key']);
    expect(screen.queryByText(/still being processed/)).toBeNull();
  });
});
