import { defineConfig, devices } from '@playwright/test';
import { CLUSTER, scaleOut } from './e2e/server.ts';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app,
 * started on a free port per worker by e2e/fixtures.ts (with E2E_SCALE_OUT=1: the scale-out cluster instead).
 * e2e/scale-out/*.test.ts are node tests of the cluster itself (node --test), not Playwright specs.
 */
/**
 * The specs whose tests tagged CLUSTER run a second time against the scale-out cluster (E2E_SCALE_OUT=1, after
 * e2e/scale-out/*.test.ts): those whose behaviour depends on several processes sharing sessions, jobs, files or limits.
 * Every other test runs once, against one process; what differs on the cluster is covered by these and by
 * e2e/scale-out/*.test.ts (sessions, rate limits per IP over both web processes, jobs through either one, a worker
 * killed mid-job).
 */
export const SCALE_OUT_SPECS = [
  // Sessions: the magic link asked through one process and used through another; profile edit and logout end it everywhere.
  'auth.spec.ts',
  // Sessions: a password sign-in elsewhere, both devices listed, the other signed out; an email change confirmed in one session only.
  'account-security.spec.ts',
  // Files in S3: made public through one process, seen by a visitor through the other, deleted for both.
  'files.spec.ts',
  // Jobs and files: an upload in S3, transcribed by the worker, followed to completion through either web process.
  'transcription.spec.ts',
  // Jobs and files: the data export ZIP made by the worker and downloaded through a web process; the deletion ends every session.
  'account-privacy.spec.ts',
  // Jobs and files: generations and a mockup job run by the worker, results stored in S3, viewed, upscaled and downloaded.
  'ai-tools.spec.ts',
  // Concurrent requests: the double-clicked test checkout settles once when the two clicks reach different processes.
  'credits.spec.ts',
  // Jobs: the bot's long polling runs in the worker only, while the web processes serve the dashboard and its deep link.
  'telegram.spec.ts',
  // Keys and jobs: a key checked and counted by either web process, its revocation seen by both; deliveries signed and sent by the worker.
  'api-keys-webhooks.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  testIgnore: ['scale-out/**'],
  ...(scaleOut ? { testMatch: SCALE_OUT_SPECS, grep: new RegExp(CLUSTER) } : {}),
  outputDir: 'test-results/e2e',
  // A guard against a hang, not a measure of speed: under CI's load on 2 cores a test that walks seven admin tabs with
  // axe at two widths took 1.6 min, and a tool's whole flow up to 4. Slower tests set their own (300 s).
  timeout: 240_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Spec files two at a time, each worker with its own server (fixtures.ts): on this 2-core machine 6 specs took 230 s
  // instead of 396 s. Against the cluster one at a time: each worker would start a whole cluster of its own.
  workers: scaleOut ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // A visitor who asked for less motion (prefers-reduced-motion), as the app honours it (one rule in web/styles.css): a
    // spinner or a moving stripe still on screen while a test waits kept Chromium drawing 60 frames a second. On 2 cores
    // 8 specs took 167 s instead of 180-207 s and Chromium's CPU fell by a fifth. landing.spec.ts runs with motion.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A fake microphone that needs no permission prompt: the transcription page's record panel.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
    // No trace by default: recording one for every test (to keep it only on a failure) cost a quarter of the suite's
    // time on two cores (5 specs: 246 s with it, 176 s without), and CI keeps only its log. A failure still leaves its
    // screenshot and the page's accessibility snapshot; `npx playwright test --trace on <spec>` records one locally.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
