// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOCKUP_MESSAGES } from '../../../contract/ai.ts';
import { isJobRunning } from '../../lib/job-running.ts';
import { ok, routes, stubFetch } from '../../test-support/fetch-stub.ts';
import { renderTool } from '../../test-support/render.tsx';
import { MockupPage } from './mockup-page.tsx';

// Canvas decoding is the browser's job (covered end to end); here an upload becomes a tiny JPEG at once.
vi.mock('../../lib/image-resize.ts', async (original) => ({
  ...(await original<typeof import('../../lib/image-resize.ts')>()),
  prepareSourceImage: async (_blob: Blob, name: string) => ({ dataUrl: `data:image/jpeg;base64,${btoa(name)}`, mimeType: 'image/jpeg', width: 10, height: 10, name }),
}));

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function renderPage() {
  return renderTool(<MockupPage />);
}

async function upload(...names: string[]) {
  fireEvent.change(screen.getByLabelText('Upload mockup images'), { target: { files: names.map(png) } });
  await screen.findByRole('img', { name: `Image 1: ${names[0]}` });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Mockup generator page', () => {
  it('has the four steps with their defaults', async () => {
    stubFetch(routes({ 'GET /api/credits/predict-cost': () => ok({ can_afford: true, required_credits: '0.5', available_credits: '5', deficit: '0' }) }));
    renderPage();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Step 1: Upload images',
      'Step 2: Select styles',
      'Step 3: Choose background',
      'Step 4: Output settings',
    ]);
    expect(screen.getAllByRole('checkbox', { name: /./ }).filter((c) => c.closest('fieldset'))).toHaveLength(12);
    expect((screen.getByRole('radio', { name: 'Photo studio' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Landscape 16:9/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Shadow/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Gradient' }));
    expect((screen.getByLabelText(/Gradient start/) as HTMLInputElement).value).toBe('#f0f0f0');
    expect((screen.getByLabelText(/Gradient end/) as HTMLInputElement).value).toBe('#d1d5db');
    // No provider set: the page says what the local engine makes and its own time, never the provider's 30-60 s.
    expect(await screen.findByText(/A drawn template preview: your image placed on the product, about 5-15 s/)).toBeTruthy();
    expect(screen.getByTestId('engine-note').textContent).toMatch(/Preview: local engine, no AI provider set/);
    expect(document.body.textContent).not.toMatch(/30-60|3D/);
  });

  it('promises 30-60 s only when a provider will render the mockups', async () => {
    const calls = stubFetch(
      routes({
        'GET /api/ai/engines': () =>
          ok({ tools: { 'mockup-generator': { engine: 'gemini', label: 'Gemini', preview: false, service_type: 'mockup', variant: 'standard', estimate: '30-60 s' } } }),
        'GET /api/credits/predict-cost': () => ok({ can_afford: true, required_credits: '0.5', available_credits: '5', deficit: '0' }),
      }),
    );
    renderPage();
    expect(await screen.findByText(/A mockup takes 30-60 s/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('engine-note').textContent).toMatch(/Made by Gemini, 0.50 credits per style; usually 30-60 s/));
    await waitFor(() => expect(calls.some((c) => c.url.includes('predict-cost') && c.url.includes('variant=standard'))).toBe(true));
  });

  it('shows the three validation messages', async () => {
    stubFetch(routes({}));
    renderPage();
    const generate = () => fireEvent.click(screen.getByRole('button', { name: /Generate Mockups/ }));
    generate();
    expect(screen.getByText(MOCKUP_MESSAGES.missing)).toBeTruthy();

    await upload('a.png', 'b.png');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Custom' }));
    generate();
    expect(screen.getByText(MOCKUP_MESSAGES.customMissing)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Custom style description'), { target: { value: 'A tote bag' } });
    generate();
    expect(screen.getByText(MOCKUP_MESSAGES.countMismatch)).toBeTruthy();
  });

  it('sends the job, polls every 5 s and shows the mockups with downloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let checks = 0;
    const calls = stubFetch(
      routes({
        'GET /api/credits/predict-cost': () => ok({ can_afford: true, required_credits: '0.5000', available_credits: '5', deficit: '0' }),
        'POST /api/ai/generate-image': () => ok({ job_id: 'job-1', credits_held: '1.0000' }),
        'GET /api/ai/mockup-job-status': () => {
          checks += 1;
          return ok(
            checks < 2
              ? { job_id: 'job-1', status: 'processing', attempts: 1, result: null, error_message: null }
              : {
                  job_id: 'job-1',
                  status: 'completed',
                  attempts: 1,
                  result: {
                    image: '/api/files/serve/m1',
                    images: [
                      { image: '/api/files/serve/m1', uuid: 'm1', style: 'laptop-screen' },
                      { image: '/api/files/serve/m2', uuid: 'm2', style: 'poster' },
                    ],
                    credits_used: '1.0000',
                    preview: true,
                    text: 'Preview: local engine, no AI provider set. Drawn template previews: your artwork placed on each product.',
                  },
                  error_message: null,
                },
          );
        },
      }),
    );
    renderPage();
    await upload('art.png');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Laptop screen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Poster' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Plain color' }));
    fireEvent.click(screen.getByRole('radio', { name: /Square 1:1/ }));
    expect(await screen.findByRole('button', { name: /Generate Mockups.*1\.00 credits/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Generate Mockups/ }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      toolName: 'mockup-generator',
      images: [btoa('art.png')],
      styles: ['laptop-screen', 'poster'],
      background: 'plain-color',
      color1: '#f0f0f0',
      dimensions: 'square',
      shadow: true,
    });
    expect(isJobRunning()).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await screen.findByRole('heading', { name: 'Your mockups' });
    expect(checks).toBe(2);
    expect(calls.filter((c) => c.url.startsWith('/api/ai/mockup-job-status'))[0]?.url).toBe('/api/ai/mockup-job-status?job_id=job-1');
    expect(screen.getByRole('link', { name: 'Download Laptop screen mockup' }).getAttribute('href')).toBe('/api/files/download/m1');
    expect(screen.getByRole('link', { name: 'Download Poster mockup' }).getAttribute('href')).toBe('/api/files/download/m2');
    expect(isJobRunning()).toBe(false);
    // The result says it is the local engine's preview, as its status answered.
    expect(screen.getByTestId('preview-note').textContent).toBe('Preview: local engine, no AI provider set');
  });
});
