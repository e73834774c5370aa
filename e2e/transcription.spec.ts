import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_DRAFT_LABEL } from '../contract/transcriptions.ts';
import { spokenWav } from '../server/test-support/speech.ts';
import { CLUSTER, expect, expectAccessible, screenshots, signInByMail, speechProviderTest, test } from './fixtures.ts';

const SAID = 'Please send the quarterly report to the marketing team by Friday. We will review the numbers together next week.';

test('transcription: a visitor is asked to sign in; a user uploads speech, follows it to completion, edits it, finds it in the library and opens its page', { tag: CLUSTER }, async ({ page, server }) => {
  await page.goto('/tools/transcription');
  await expect(page.getByRole('heading', { name: 'Sign in to transcribe audio' })).toBeVisible();
  await expectAccessible(page, '/tools/transcription (visitor)');

  await signInByMail(page, server, 'transcribe@example.com', 'Tara Transcribe');
  await page.goto('/tools/transcription');
  // No speech provider here: the local draft engine (pocketsphinx, installed by .ci/run) runs, free and labelled.
  await expect(page.getByText(LOCAL_DRAFT_LABEL).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Transcription' })).toBeDisabled();
  await expectAccessible(page, '/tools/transcription (empty)');
  await screenshots(page, 'transcription-empty');

  // The record panel: Chromium's fake microphone records; the timer counts; stopping gives a file and playback.
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText('0:02', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByText(/^Selected: recording-.*\.webm/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-speech-'));
  const file = path.join(dir, 'quarterly-report.wav');
  fs.writeFileSync(file, spokenWav(SAID, { voice: 'en-us+f2', speed: 130 }));
  await page.getByLabel('Audio file').setInputFiles(file);
  await expect(page.getByText('Selected: quarterly-report.wav')).toBeVisible();
  await page.getByRole('radio', { name: /Action points/ }).check();
  await expect(page.getByText('Estimated cost: 0.00 credits')).toBeVisible();
  // A free draft starts at once: neither the browser's confirm() box nor the app's dialog asks about 0.00 credits.
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Start Transcription' }).click();
  await expect(page.getByRole('progressbar', { name: 'Transcribing quarterly-report.wav' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(nativeDialogs).toEqual([]);
  await screenshots(page, 'transcription-progress');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });

  const item = page.getByRole('button', { name: /^quarterly-report/ });
  await expect(item).toContainText('Completed');
  await item.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(LOCAL_DRAFT_LABEL)).toBeVisible();
  await expectAccessible(page, 'transcription item modal');
  await screenshots(page, 'transcription-modal');
  await dialog.getByLabel('Title').fill('Quarterly report call');
  await dialog.getByRole('button', { name: 'Save title' }).click();
  await expect(dialog.getByText('Title saved')).toBeVisible();
  await dialog.getByLabel('Content').fill('- Send the quarterly report by Friday.\n- Review the numbers next week.');
  await dialog.getByRole('button', { name: 'Save content' }).click();
  await expect(dialog.getByText('Content saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: /^Quarterly report call/ })).toBeVisible();

  await page.goto('/transcriptions');
  await expect(page.getByText('1 transcription')).toBeVisible();
  await page.getByLabel('Search transcriptions').fill('numbers next week');
  await expect(page.getByText('1 transcription')).toBeVisible();
  await page.getByLabel('Search transcriptions').fill('nothing like this');
  await expect(page.getByText('0 transcriptions')).toBeVisible();
  await page.getByLabel('Search transcriptions').fill('');
  await page.getByLabel('Source').selectOption('telegram');
  await expect(page.getByText('0 transcriptions')).toBeVisible();
  await page.getByLabel('Source').selectOption('web');
  await expect(page.getByText('1 transcription')).toBeVisible();
  await expectAccessible(page, '/transcriptions');
  await screenshots(page, 'transcription-library');
  // The library's dialog: the full text, read-only, with copy, duration and cost.
  await page.getByRole('button', { name: /^Quarterly report call/ }).click();
  const card = page.getByRole('dialog', { name: 'Quarterly report call' });
  await expect(card.getByText('Review the numbers next week.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(card.getByText('0.00 credits')).toBeVisible();
  await expectAccessible(page, 'library dialog');
  await screenshots(page, 'transcription-library-modal');
  await card.getByRole('button', { name: 'Close' }).click();

  const uuid = await page.evaluate(async () => {
    const res = await fetch('/api/transcriptions');
    return ((await res.json()) as { data: { transcriptions: Array<{ uuid: string }> } }).data.transcriptions[0]!.uuid;
  });
  await page.goto(`/transcription/${uuid}`);
  await expect(page).toHaveURL(new RegExp(`/transcriptions/${uuid}$`));
  await expect(page.getByRole('heading', { name: 'Quarterly report call' })).toBeVisible();
  await expect(page.getByText('Review the numbers next week.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download audio' })).toHaveAttribute('href', /\?download=true$/);
  const srt = await page.evaluate(async (id) => (await fetch(`/api/transcriptions/${id}/download?format=srt`)).text(), uuid);
  expect(srt).toMatch(/^1\n00:00:\d\d,\d{3} --> /);
  await expectAccessible(page, '/transcriptions/{uuid}');
  await screenshots(page, 'transcription-detail');

  await page.goto('/transcriptions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Transcription Not Found' })).toBeVisible();

  // Deleting asks first, then the item is gone from the list and its page.
  await page.goto('/tools/transcription');
  await page.getByRole('button', { name: 'Delete Quarterly report call' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this transcription?' });
  await expect(confirm).toContainText('“Quarterly report call” and its recording will be deleted.');
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No transcriptions yet.')).toBeVisible();
  await page.goto(`/transcriptions/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Transcription Not Found' })).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
});

speechProviderTest('transcription with a speech provider: priced per type, a summary from the text model, no draft label, subtitles from its timings', async ({ page, server, peer }) => {
  await signInByMail(page, server, 'provider-speech@example.com', 'Pat Provider');
  peer.deepgram.setTranscript('We reviewed the spring campaign. The budget is approved. Anna sends the brief on Friday.', 95);
  peer.openai.setChatText('The spring campaign budget is approved; Anna sends the brief on Friday.');
  await page.goto('/tools/transcription');
  await expect(page.getByText(LOCAL_DRAFT_LABEL)).toHaveCount(0);
  const summary = page.getByRole('radio', { name: /Summary/ });
  await summary.check();
  await expect(page.locator('label', { has: summary })).toContainText('0.30 / min');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-speech-'));
  const file = path.join(dir, 'spring-review.wav');
  // A second of speech: the file's own duration is one billable minute, 0.30 held; the provider says it heard 95 s,
  // but the charge never exceeds what was quoted and held.
  fs.writeFileSync(file, spokenWav('Spring review.'));
  await page.getByLabel('Audio file').setInputFiles(file);
  // A paid start asks in the app's dialog (never the browser's confirm() box), with the cost.
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Start Transcription' }).click();
  const ask = page.getByRole('dialog', { name: 'Start this transcription?' });
  await expect(ask).toContainText('This will cost approximately 0.30 credits');
  await expectAccessible(page, 'transcription start dialog');
  await screenshots(page, 'transcription-start-dialog');
  // Cancel sends nothing; Start starts.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByText('Selected: spring-review.wav')).toBeVisible();
  await page.getByRole('button', { name: 'Start Transcription' }).click();
  await ask.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(ask).toHaveCount(0);
  expect(nativeDialogs).toEqual([]);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: /^spring-review/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Content')).toHaveValue('The spring campaign budget is approved; Anna sends the brief on Friday.');
  await expect(dialog.getByText(LOCAL_DRAFT_LABEL)).toHaveCount(0);
  await expect(dialog.getByText('0.30 credits')).toBeVisible();
  await expect(dialog.getByText('1.6 min')).toBeVisible();
  await expect(dialog.getByRole('link', { name: '.srt' })).toBeVisible();
  await expectAccessible(page, 'transcription modal (provider)');
  fs.rmSync(dir, { recursive: true, force: true });
});
