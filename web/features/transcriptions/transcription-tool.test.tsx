// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_DRAFT_LABEL, TRANSCRIPTION_MESSAGES, type Transcription } from '../../../contract/transcriptions.ts';
import { fail, jsonResponse, localEngines, ok, routes, stubFetch, type Handler, type RecordedCall } from '../../test-support/fetch-stub.ts';
import { renderPage, renderTool } from '../../test-support/render.tsx';
import { TranscriptionTool } from './transcription-tool.tsx';
import { TranscriptionPage, TranscriptionsPage } from './transcriptions-pages.tsx';

const profile = (available = '12.5') => ({
  user: { id: 'u1', email: 'sam@example.com', name: 'Sam Lee', roles: [], created_at: '2026-01-01T00:00:00Z', last_login_at: null },
  storage: { used_bytes: 0, used_gb: 0, quota_gb: 5, percentage_used: 0, available_bytes: 5 * 1024 ** 3 },
  credits: { balance: available, available_credits: available, lifetime_used: '0', lifetime_purchased: '0' },
  csrf_token: 'csrf-1',
});

const prices = () =>
  ok({
    tool_id: 'transcription',
    title: 'Audio Transcription',
    service_type: 'transcription',
    service_variant: 'raw',
    dollar_amount: '0.10',
    variants: [
      ['raw', '0.1'],
      ['refined', '0.25'],
      ['summary', '0.3'],
      ['conclusions', '0.35'],
      ['devils_advocate', '0.35'],
      ['action_points', '0.3'],
      ['local', '0'],
    ].map(([service_variant, user_cost_credits]) => ({ service_variant, user_cost_credits, description: '' })),
  });

/** Deepgram as the engine: per-type prices apply. */
const providerEngines = () =>
  ok({ tools: { transcription: { engine: 'deepgram', label: 'Deepgram', preview: false, service_type: 'transcription', variant: 'raw', estimate: 'under a minute' } } });

const item = (over: Partial<Transcription> = {}): Transcription => ({
  uuid: '11111111-1111-4111-8111-111111111111',
  transcription_id: 1,
  title: 'Team call',
  status: 'completed',
  source: 'web',
  raw_transcription: 'We agreed to launch in May.',
  refined_content: null,
  refinement_type: 'raw',
  audio_duration_seconds: 90,
  processing_time_seconds: 3.2,
  cost_credits: '0.2000',
  file_size_bytes: 2_000_000,
  original_filename: 'call.wav',
  created_at: '2026-11-20T10:00:00Z',
  completed_at: '2026-11-20T10:00:05Z',
  audio_url: '/api/files/serve/22222222-2222-4222-8222-222222222222',
  mime_type: 'audio/wav',
  provider: 'Deepgram',
  draft: false,
  draft_label: null,
  error_message: null,
  has_timings: true,
  refinement_note: null,
  ...over,
});

function stub(extra: Record<string, Handler> = {}, available = '12.5') {
  return stubFetch(
    routes({
      'GET /api/auth/profile': () => ok(profile(available)),
      'GET /api/pricing/audio-transcription': prices,
      'GET /api/ai/engines': providerEngines,
      'GET /api/transcriptions': () => ok({ transcriptions: [item()] }),
      ...extra,
    }),
  );
}

const wav = (bytes: number, type = 'audio/wav', name = 'talk.wav') => new File([new Uint8Array(bytes)], name, { type });

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [file] } });
}

/** The app's dialog that asks before a paid start: accepted (or declined), and its text returned. */
async function answerStartDialog(accept = true): Promise<string> {
  const dialog = await screen.findByRole('dialog', { name: 'Start this transcription?' });
  const text = dialog.textContent ?? '';
  fireEvent.click(within(dialog).getByRole('button', { name: accept ? 'Start' : 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start this transcription?' })).toBeNull());
  return text;
}

beforeEach(() => {
  // The browser's own confirm() box is never used: any call fails the test.
  vi.stubGlobal('confirm', vi.fn(() => {
    throw new Error('window.confirm was called');
  }));
  URL.createObjectURL = vi.fn(() => 'blob:playback');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the transcription tool page', () => {
  it('shows each processing type with its per-minute price, and the spec estimate: MB rounded up x the rate', async () => {
    stub();
    renderTool(<TranscriptionTool />);
    const summary = (await screen.findByText('Summary')).closest('label')!;
    await within(summary).findByText('0.30 / min');
    choose(wav(2.5 * 1024 * 1024));
    fireEvent.click(within(summary).getByRole('radio'));
    // 2.5 MB rounds up to 3 x 0.30.
    expect(await screen.findByText('0.90 credits')).toBeTruthy();
  });

  it('refuses another file type with the spec message and keeps Start disabled without a file', async () => {
    stub();
    renderTool(<TranscriptionTool />);
    const start = await screen.findByRole('button', { name: 'Start Transcription' });
    expect(start.hasAttribute('disabled')).toBe(true);
    choose(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.invalidType);
  });

  it('says when the balance is short, and disables Start', async () => {
    stub({}, '0.1');
    renderTool(<TranscriptionTool />);
    await screen.findByText('0.10 / min');
    choose(wav(3 * 1024 * 1024));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Transcription' }).hasAttribute('disabled')).toBe(true));
    // The disabled button alone would not say why: 3 MB x 0.10 against a balance of 0.10.
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSCRIPTION_MESSAGES.insufficient('0.30', '0.10'));
    choose(wav(1000));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Start Transcription' }).hasAttribute('disabled')).toBe(false);
  });

  it('records: a microphone that cannot be opened gives the spec alert', async () => {
    stub();
    vi.stubGlobal('alert', vi.fn());
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) } });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(TRANSCRIPTION_MESSAGES.microphone));
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeTruthy();
  });

  it('records: a browser that cannot record gives the same alert and lets the microphone go', async () => {
    stub();
    vi.stubGlobal('alert', vi.fn());
    const track = { stop: vi.fn() };
    vi.stubGlobal('MediaRecorder', function NoRecorder() {
      throw new DOMException('not supported', 'NotSupportedError');
    });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) } });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(TRANSCRIPTION_MESSAGES.microphone));
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('timer').textContent).toBe('0:00');
  });

  it('records: the timer counts up each second, and stopping gives a file to start with and a playback to play', async () => {
    stub();
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] };
    class FakeRecorder {
      mimeType = 'audio/webm;codecs=opus';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(readonly stream: unknown) {}
      start() {}
      stop() {
        this.ondataavailable?.({ data: new Blob([new Uint8Array(2048)], { type: this.mimeType }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => stream) } });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    const timer = screen.getByRole('timer', { name: 'Recording time' });
    expect(timer.textContent).toBe('0:00');
    await waitFor(() => expect(timer.textContent).toBe('0:01'), { timeout: 1500 });
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(track.stop).toHaveBeenCalled();
    expect(await screen.findByText(/^Selected: recording-.*\.webm/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Transcription' }).hasAttribute('disabled')).toBe(false));
  });

  it('asks in the app dialog with the cost, starts with a key, shows the 45% bar, and follows the job to the list', async () => {
    let status = 'pending';
    const calls = stub({
      'POST /api/transcriptions': () => ok({ uuid: 'u-new', transcription_id: 2, job_id: 'g1', estimated_cost: '0.1000', audio_duration_seconds: 30, draft: false }),
      'GET /api/transcriptions/status': () => ok({ uuid: 'u-new', status, error_message: null }),
    });
    renderTool(<TranscriptionTool />);
    await screen.findByText('0.10 / min');
    choose(wav(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(await answerStartDialog()).toContain(TRANSCRIPTION_MESSAGES.confirm('0.10'));
    const bar = await screen.findByRole('progressbar', { name: 'Transcribing talk.wav' });
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('45%');
    const post = calls.find((c: RecordedCall) => c.method === 'POST')!;
    expect(post.headers['idempotency-key']).toBeTruthy();
    const form = post.body as FormData;
    expect(form.get('refinement_type')).toBe('raw');
    expect((form.get('audio_file') as File).name).toBe('talk.wav');
    status = 'completed';
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 4000 });
  });

  it('a failed job tells the user the credits were released, and leaves the in-progress list', async () => {
    stub({
      'POST /api/transcriptions': () => ok({ uuid: 'u-bad', transcription_id: 3, job_id: 'g2', estimated_cost: '0.1000', audio_duration_seconds: 30, draft: false }),
      'GET /api/transcriptions/status': () => ok({ uuid: 'u-bad', status: 'failed', error_message: 'Provider down' }),
    });
    renderTool(<TranscriptionTool />);
    await screen.findByText('0.10 / min');
    choose(wav(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    await answerStartDialog();
    expect(await screen.findByRole('progressbar', { name: 'Transcribing talk.wav' })).toBeTruthy();
    expect(await screen.findByText(TRANSCRIPTION_MESSAGES.failedReleased, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a job still running when the page opens (a reload, or sent from Telegram) is followed like a new one', async () => {
    let status = 'processing';
    const calls = stub({
      'GET /api/transcriptions': () => ok({ transcriptions: [item({ uuid: 'u-old', title: 'Voice note', original_filename: 'voice.ogg', status: status as Transcription['status'], raw_transcription: null })] }),
      'GET /api/transcriptions/status': () => ok({ uuid: 'u-old', status, error_message: null }),
    });
    renderTool(<TranscriptionTool />);
    expect(await screen.findByRole('progressbar', { name: 'Transcribing voice.ogg' })).toBeTruthy();
    status = 'completed';
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 });
    // Followed once: the list's refresh after completion does not start a second follower.
    expect(calls.filter((c) => c.url.startsWith('/api/transcriptions/status')).map((c) => c.url)).toEqual(['/api/transcriptions/status?uuid=u-old']);
  });

  it('without the price list the estimate uses the spec prices', async () => {
    stub({ 'GET /api/pricing/audio-transcription': () => fail(500, 'INTERNAL', '') });
    renderTool(<TranscriptionTool />);
    const conclusions = (await screen.findByText('Conclusions')).closest('label')!;
    await within(conclusions).findByText('0.35 / min');
    fireEvent.click(within(conclusions).getByRole('radio'));
    choose(wav(1000));
    expect(await screen.findByText('0.35 credits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    expect(await answerStartDialog(false)).toContain(TRANSCRIPTION_MESSAGES.confirm('0.35'));
  });

  it('with no speech engine at all the page says it is being set up and Start stays off', async () => {
    stub({ 'GET /api/ai/engines': () => ok({ tools: { transcription: { engine: 'none', label: 'Not set up', preview: false, service_type: 'transcription', variant: 'raw', estimate: 'unavailable' } } }) });
    renderTool(<TranscriptionTool />);
    expect(await screen.findByText(TRANSCRIPTION_MESSAGES.settingUp)).toBeTruthy();
    await screen.findByText('0.10 / min');
    choose(wav(1000));
    await screen.findByText('0.10 credits');
    expect(screen.getByRole('button', { name: 'Start Transcription' }).hasAttribute('disabled')).toBe(true);
  });

  it('a declined confirmation sends nothing', async () => {
    const calls = stub();
    renderTool(<TranscriptionTool />);
    await screen.findByText('0.10 / min');
    choose(wav(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    await answerStartDialog(false);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a free local draft starts at once: no dialog asks about a cost of 0.00 (issue 26)', async () => {
    const calls = stub({
      'GET /api/ai/engines': localEngines,
      'POST /api/transcriptions': () => ok({ uuid: 'u-free', transcription_id: 4, job_id: 'g4', estimated_cost: '0.0000', audio_duration_seconds: 5, draft: true }),
      'GET /api/transcriptions/status': () => ok({ uuid: 'u-free', status: 'pending', error_message: null }),
    });
    renderTool(<TranscriptionTool />);
    await waitFor(() => expect(screen.getAllByText('0.00 / min')).toHaveLength(6));
    choose(wav(1000));
    await screen.findByText('0.00 credits');
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    expect(await screen.findByRole('progressbar', { name: 'Transcribing talk.wav' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('503 shows the server message (or the spec one); another failure reads Error: {message}', async () => {
    let answer = () => fail(503, 'SERVICE_UNAVAILABLE', TRANSCRIPTION_MESSAGES.settingUp);
    stub({ 'POST /api/transcriptions': () => answer() });
    renderTool(<TranscriptionTool />);
    await screen.findByText('0.10 / min');
    choose(wav(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    await answerStartDialog();
    expect((await screen.findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.settingUp);
    answer = () => fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'No duration');
    choose(wav(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Start Transcription' }));
    await answerStartDialog();
    expect((await screen.findByRole('alert')).textContent).toContain('Error: No duration');
  });

  it('on the local draft engine shows the draft label and its own price for every type', async () => {
    stub({ 'GET /api/ai/engines': localEngines });
    renderTool(<TranscriptionTool />);
    expect((await screen.findAllByText(LOCAL_DRAFT_LABEL)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getAllByText('0.00 / min')).toHaveLength(6));
    // The local composer cannot argue a devil's advocate: not offered for a draft.
    expect(screen.getByRole('radio', { name: /Devil's advocate/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Needs an AI text provider')).toBeTruthy();
  });

  it('the item modal edits the title (not empty) and the content, and says when a save failed', async () => {
    let titleAnswer: () => Response = () => ok(item({ title: 'Launch call' }));
    stub({
      'PUT /api/transcriptions/11111111-1111-4111-8111-111111111111/title': () => titleAnswer(),
      'PUT /api/transcriptions/11111111-1111-4111-8111-111111111111/content': () => fail(500, 'INTERNAL', ''),
    });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: /^Team call/ }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('Title');
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.titleEmpty);
    fireEvent.change(title, { target: { value: 'Launch call' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect(await within(dialog).findByText('Title saved')).toBeTruthy();
    titleAnswer = () => fail(500, 'INTERNAL', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.titleSaveFailed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save content' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.contentSaveFailed);
    expect(within(dialog).getByText('1.5 min')).toBeTruthy();
    expect(within(dialog).getByText('3.2 s')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Download .txt/ }).getAttribute('href')).toBe('/api/transcriptions/11111111-1111-4111-8111-111111111111/download?format=txt');
  });
});

describe('the item modal', () => {
  const path = '/api/transcriptions/11111111-1111-4111-8111-111111111111';
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  it('a save that never reached the server says so in its own words', async () => {
    stub({ [`PUT ${path}/title`]: offline, [`PUT ${path}/content`]: offline });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: /^Team call/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save title' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.titleSaveError);
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Edited text' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save content' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(TRANSCRIPTION_MESSAGES.contentSaveError));
    // The edit is kept for another try.
    expect((within(dialog).getByLabelText('Content') as HTMLTextAreaElement).value).toBe('Edited text');
  });

  it('saves the edited content; a refused delete says so and keeps the dialog, a delete closes it', async () => {
    let remove = () => fail(500, 'INTERNAL', '');
    const calls = stub({
      [`PUT ${path}/content`]: (call) => ok(item({ refined_content: null, raw_transcription: (call.body as { content: string }).content })),
      [`DELETE ${path}`]: () => remove(),
    });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: /^Team call/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'We launch in June.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save content' }));
    expect(await within(dialog).findByText('Content saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ content: 'We launch in June.' });
    // Asked first; Cancel deletes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this transcription?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this transcription?' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this transcription?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain(TRANSCRIPTION_MESSAGES.deleteFailed);
    // A job still running: the server's reason instead.
    remove = () => fail(409, 'CONFLICT', TRANSCRIPTION_MESSAGES.deleteWhileRunning);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(confirm).getByRole('alert').textContent).toContain(TRANSCRIPTION_MESSAGES.deleteWhileRunning));
    remove = () => ok({ deleted: true });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(3);
  });

  it('the list deletes a row after asking', async () => {
    let rows = [item()];
    const calls = stub({
      'GET /api/transcriptions': () => ok({ transcriptions: rows }),
      [`DELETE ${path}`]: () => {
        rows = [];
        return ok({ deleted: true });
      },
    });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team call' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this transcription?' });
    expect(confirm.textContent).toContain('“Team call” and its recording will be deleted.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No transcriptions yet.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([path]);
  });

  it('a refinement that was not made says so in the dialog and on the page (issue 26: a no-op is not charged)', async () => {
    const note = TRANSCRIPTION_MESSAGES.refinementUnchanged('Summary');
    stub({
      'GET /api/transcriptions': () => ok({ transcriptions: [item({ refinement_type: 'summary', refinement_note: note })] }),
      'GET /api/transcriptions/11111111-1111-4111-8111-111111111111': () => ok(item({ refinement_type: 'summary', refinement_note: note })),
    });
    renderTool(<TranscriptionTool />);
    fireEvent.click(await screen.findByRole('button', { name: /^Team call/ }));
    expect(within(await screen.findByRole('dialog')).getByText(note)).toBeTruthy();
    cleanup();
    renderPage(<TranscriptionPage />, '/transcriptions/11111111-1111-4111-8111-111111111111', '/transcriptions/:uuid');
    expect(await screen.findByText(note)).toBeTruthy();
  });

  it('a draft carries its label in the list and the dialog; subtitles are offered only with timings', async () => {
    stub({ 'GET /api/transcriptions': () => ok({ transcriptions: [item({ draft: true, draft_label: LOCAL_DRAFT_LABEL, has_timings: false })] }) });
    renderTool(<TranscriptionTool />);
    const row = await screen.findByRole('button', { name: /^Team call/ });
    expect(within(row).getByText(LOCAL_DRAFT_LABEL)).toBeTruthy();
    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(LOCAL_DRAFT_LABEL)).toBeTruthy();
    expect(within(dialog).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['Download .txt']);
  });
});

describe('the library and the detail page', () => {
  it('searches, filters by source and counts the completed items only', async () => {
    stub({
      'GET /api/transcriptions': () =>
        ok({
          transcriptions: [
            item(),
            item({ uuid: 'a2', title: 'Voice note', source: 'telegram', raw_transcription: 'Buy milk', draft: true, draft_label: LOCAL_DRAFT_LABEL }),
            item({ uuid: 'a3', title: 'Still running', status: 'processing', raw_transcription: null }),
          ],
        }),
    });
    renderPage(<TranscriptionsPage />, '/transcriptions');
    expect((await screen.findByText('2 transcriptions')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: /^Voice note/ }).textContent).toContain(LOCAL_DRAFT_LABEL);
    expect(screen.getByRole('button', { name: /^Team call/ }).textContent).not.toContain(LOCAL_DRAFT_LABEL);
    fireEvent.change(screen.getByLabelText('Search transcriptions'), { target: { value: 'milk' } });
    expect(await screen.findByText('1 transcription')).toBeTruthy();
    expect(screen.getByText('Voice note')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search transcriptions'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'web' } });
    expect(await screen.findByText('1 transcription')).toBeTruthy();
    expect(screen.getByText('Team call')).toBeTruthy();
  });

  it('a failed list load gives an empty list', async () => {
    stub({ 'GET /api/transcriptions': () => fail(503, 'SERVICE_UNAVAILABLE', 'down') });
    renderPage(<TranscriptionsPage />, '/transcriptions');
    expect(await screen.findByText('0 transcriptions')).toBeTruthy();
  });

  it('the detail page re-reads the item every 2 s while it is being made, then stops', async () => {
    let status: Transcription['status'] = 'processing';
    const calls = stub({ 'GET /api/transcriptions/11111111-1111-4111-8111-111111111111': () => ok(item({ status, raw_transcription: status === 'completed' ? 'We agreed to launch in May.' : null })) });
    const reads = () => calls.filter((c) => c.url === '/api/transcriptions/11111111-1111-4111-8111-111111111111').length;
    renderPage(<TranscriptionPage />, '/transcriptions/11111111-1111-4111-8111-111111111111', '/transcriptions/:uuid');
    expect(await screen.findByText('Transcribing… this page updates by itself.')).toBeTruthy();
    expect(reads()).toBe(1);
    status = 'completed';
    expect(await screen.findByText('We agreed to launch in May.', {}, { timeout: 3000 })).toBeTruthy();
    expect(reads()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads()).toBe(2);
  });

  it('the detail page shows the facts, the player and the text; a missing item says Transcription Not Found', async () => {
    stub({
      'GET /api/transcriptions/11111111-1111-4111-8111-111111111111': () => ok(item({ draft: true, draft_label: LOCAL_DRAFT_LABEL })),
      'GET /api/transcriptions/33333333-3333-4333-8333-333333333333': () => jsonResponse({ success: false, error: { code: 'NOT_FOUND', message: 'Transcription not found' } }, 404),
    });
    renderPage(<TranscriptionPage />, '/transcriptions/11111111-1111-4111-8111-111111111111', '/transcriptions/:uuid');
    expect(await screen.findByRole('heading', { name: 'Team call' })).toBeTruthy();
    expect(screen.getByText('We agreed to launch in May.')).toBeTruthy();
    expect(screen.getByText(LOCAL_DRAFT_LABEL)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download audio' }).getAttribute('href')).toBe('/api/files/serve/22222222-2222-4222-8222-222222222222?download=true');
    expect(screen.getByText('1.91 MB')).toBeTruthy();
    cleanup();
    renderPage(<TranscriptionPage />, '/transcriptions/33333333-3333-4333-8333-333333333333', '/transcriptions/:uuid');
    expect(await screen.findByRole('heading', { name: TRANSCRIPTION_MESSAGES.notFoundHeading })).toBeTruthy();
  });
});
