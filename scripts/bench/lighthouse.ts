/**
 * Lighthouse 12 on the public pages, served as `npm start` serves them (the built app on the real server, as a
 * child process with its own embedded database): `/`, `/about`, `/tools` and a public file page, on the mobile
 * profile (simulated slow 4G and a 4x slower CPU) and the desktop one. Prints the four category scores, LCP, CLS
 * and the bytes sent (JavaScript and total, as transferred, i.e. compressed).
 *
 * A report, part of `npm run bench`, not a gate: a score computed from the main thread's observed work moves with the
 * machine's speed and load (the landing page read 62-72 on a busy CI machine, 92-98 on a quiet one, same build). CI
 * gates on what does not depend on the machine instead: scripts/check-page-budgets.ts (`npm run check:pages`).
 *
 * Run: `npm run build && npm run bench:lighthouse`. LIGHTHOUSE_MIN_PERFORMANCE=90 makes it exit 1 when the landing
 * page scores below that on mobile (the median of five runs once the first is below); nothing sets it by default.
 * LIGHTHOUSE_PAGES=/,/about measures only those pages; LIGHTHOUSE_DETAILS=1 prints each run's metrics and failing audits.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { root, startServer } from '../../e2e/server.ts';
import { pageLabel, resolvePages } from '../public-pages.ts';
import { report, table } from './stats.ts';

const minimum = process.env.LIGHTHOUSE_MIN_PERFORMANCE ? Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE) : null;
const webRoot = process.env.E2E_WEB_ROOT ?? path.join(root, 'dist', 'web');
if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error(`Build the app first (npm run build): no ${webRoot}/index.html`);

const server = await startServer({ LOG_LEVEL: 'error', RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });

// LIGHTHOUSE_PAGES=/,/about measures only those (the file page is made only when it is asked for).
const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim()) ?? ['/', '/about', '/tools', '/file'];
const pages = await resolvePages(server, wanted);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

interface Row {
  page: string;
  profile: string;
  performance: number;
  [key: string]: string | number;
}
/** One Lighthouse run of `page` on a profile: its row of the table. */
async function measure(page: string, profile: string, config: Config | undefined): Promise<Row> {
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
  // Chromium now and then loses a trace (NO_NAVSTART): that run says nothing of the page, so it is run again.
  let lhr;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${server.url}${page}`, flags, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    console.warn(`${profile} ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (attempt === 3) break;
  }
  if (process.env.LIGHTHOUSE_DETAILS) {
    const lcp = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> } | undefined;
    console.log(`\n${profile} ${page}`);
    for (const table of lcp?.items ?? []) for (const item of table.items ?? []) console.log(`  LCP ${item.node?.snippet ?? `${item.phase}: ${item.timing?.toFixed(0)} ms`}`);
    for (const id of ['first-contentful-paint', 'total-blocking-time', 'speed-index', 'interactive']) {
      console.log(`  ${id}: ${lhr.audits[id]?.displayValue ?? ''} (score ${lhr.audits[id]?.score})`);
    }
    const shifts = lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { snippet?: string }; score?: number }> } | undefined;
    for (const shift of shifts?.items ?? []) console.log(`  layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet ?? '?'}`);
    for (const category of ['best-practices', 'seo', 'accessibility']) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`  ${category} fails ${ref.id}: ${audit.title}`);
      }
    }
    for (const id of ['render-blocking-resources', 'unused-javascript', 'bootup-time', 'mainthread-work-breakdown', 'server-response-time', 'critical-request-chains']) {
      const audit = lhr.audits[id];
      if (audit) console.log(`  ${id}: ${audit.displayValue ?? ''} (score ${audit.score})`);
    }
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
  const kb = (type: string) => `${((items.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024).toFixed(0)} KB`;
  return {
    page: pageLabel(page),
    profile,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    seo: score('seo'),
    'LCP s': ((lhr.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(2),
    CLS: (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
    'JS sent': kb('script'),
    'total sent': kb('total'),
  };
}

/** The share of CPU time (all cores, I/O wait counted as busy) spent working over `ms`, from /proc/stat. */
async function cpuBusy(ms: number): Promise<number> {
  const sample = () => {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const values = fields.map(Number);
    const idle = values[3]!; // user nice system idle iowait irq softirq steal
    return { idle, total: values.reduce((a, b) => a + b, 0) };
  };
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/**
 * Lighthouse's mobile score is computed from the main thread's observed work, so other processes still winding down
 * (in CI: the suites that ran just before, their databases and servers) lower it. Measures once the machine has
 * been quiet (under 20% busy) for 5 seconds in a row, or after 90 seconds whatever the load, and says which.
 */
async function waitForQuietMachine(): Promise<void> {
  if (!fs.existsSync('/proc/stat')) return;
  const started = Date.now();
  let quiet = 0;
  while (quiet < 5 && Date.now() - started < 90_000) quiet = (await cpuBusy(1000)) < 0.2 ? quiet + 1 : 0;
  const waited = ((Date.now() - started) / 1000).toFixed(0);
  console.log(quiet >= 5 ? `Machine quiet after ${waited} s.` : `Machine still busy after ${waited} s; measuring anyway.`);
}

const rows: Row[] = [];
let gate: number | null = null;
try {
  await waitForQuietMachine();
  // One unrecorded run first: the server and Chromium have just started, and the first page measured paid for their
  // warm-up (in CI the landing page read 85 on its first run, then 96 and 98).
  await measure('/', 'warm-up', undefined);
  for (const [profile, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig as Config],
  ] as const) {
    for (const page of pages) rows.push(await measure(page, profile, config));
  }
  // The gate: the landing page on mobile. One run's score moves by several points (85-98 seen in CI on one build),
  // so a run below the minimum is measured four more times and the median of the five decides.
  const landing = rows.find((row) => row.page === '/' && row.profile === 'mobile');
  if (minimum !== null && landing) {
    const scores = [landing.performance];
    if (landing.performance < minimum) {
      await waitForQuietMachine();
      for (let i = 0; i < 4; i++) scores.push((await measure('/', 'mobile', undefined)).performance);
    }
    gate = scores.sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;
    if (scores.length > 1) console.log(`Landing page on mobile, ${scores.length} runs: ${scores.join(', ')} (median ${gate})`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, Chromium at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}\n`);
console.log(table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])))));
report(
  rows.map((row) => ({
    benchmark: 'lighthouse',
    measure: `Lighthouse performance, ${row.page} (${row.profile})`,
    value: row.page === '/' && row.profile === 'mobile' && gate !== null ? gate : row.performance,
    unit: 'points',
    better: 'higher' as const,
    goal: '≥ 90',
    met: (row.page === '/' && row.profile === 'mobile' && gate !== null ? gate : row.performance) >= 90,
  })),
);
if (minimum !== null && gate !== null && gate < minimum) {
  console.error(`\nThe landing page scores ${gate} on mobile, below ${minimum}.`);
  process.exit(1);
}
