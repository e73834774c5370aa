/**
 * CI's gate on the public pages (`npm run check:pages`, after `npm run build`): only what does not depend on how fast
 * the machine is, so the same build passes or fails the same way anywhere. Scores and timings are
 * `npm run bench:lighthouse`'s (a report, not a gate).
 *
 * The built app runs on the real server (e2e/server.ts: `node --import tsx server/main.ts` on a free port, embedded
 * database), and Debian's Chromium opens each public page (scripts/public-pages.ts, a shared file's page included) as
 * a visitor, with an empty cache, on a phone's screen (Lighthouse's mobile one: 412 x 823) and a desktop's
 * (1350 x 940). For each it checks:
 *
 * - **JS**: the JavaScript the page fetches until the network is idle (entry, modulepreloads, the route's lazy chunk and
 *   whatever else it loads), each file gzipped at level 9 as the build precompresses it, summed: at most 170 KB.
 * - **CSS**: the same for stylesheets: at most CSS_BUDGET_KB.
 * - **CLS**: the sum of every layout-shift entry not caused by input (PerformanceObserver, buffered), which is at least
 *   the page's CLS whatever its session windows: below 0.1. Every API answer is held until the page has drawn two
 *   frames without it, so a loading state is always seen before its data replaces it (the order a slow network gives),
 *   and the figure does not depend on which came first on this machine.
 * - **Render-blocking requests**: none in the HTML the server sends, beyond the app's own built stylesheet. In that
 *   HTML every `<script src>` is `type="module"`, `defer` or `async`; every `<link rel="stylesheet">` is a built,
 *   hashed file of this origin (`/assets/…`, so it is cached for good and one request on the page's own connection);
 *   no `@import` in a `<style>` or in any stylesheet the page loads (a chained request before the first paint); every
 *   `@font-face` says `font-display: swap | optional | fallback` (text is never held for a font); and every script or
 *   stylesheet the page loads comes from its own origin.
 * - **LCP element in the server's HTML** (prerendered pages: contract/pages.ts `PRERENDERED_PAGES`): the element
 *   Chromium reports as the largest contentful paint is in the HTML the server sends a visitor, inside `#root` (an
 *   image with the same `src`, or an element of the same tag with the same text), so it paints before any JavaScript.
 *
 * Prints one table, then each failure naming the page and the figure, and exits 1 on any. KB here are 1024 bytes.
 * PAGE_BUDGETS_DETAILS=1 lists each page's files with their gzip sizes; PAGE_BUDGETS_PAGES=/,/about checks only those.
 */
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { PRERENDERED_PAGES } from '../contract/pages.ts';
import { startServer } from '../e2e/server.ts';
import { table } from './bench/stats.ts';
import { pageLabel, PUBLIC_PAGES, resolvePages } from './public-pages.ts';

const KB = 1024;
/** The issue's budget for each page's JavaScript, gzipped. */
const JS_BUDGET_KB = 170;
/** One stylesheet serves every page (Tailwind, from the classes the whole app uses): 13.0 KB in November 2026, plus room. */
const CSS_BUDGET_KB = 18;
const CLS_BUDGET = 0.1;

const PROFILES: Record<'mobile' | 'desktop', BrowserContextOptions> = {
  // Lighthouse's mobile screen (a Moto G Power) and its desktop one.
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
};

interface Visit {
  js: Array<{ url: string; gzip: number }>;
  css: Array<{ url: string; gzip: number }>;
  foreign: string[];
  cssImports: string[];
  blockingFonts: string[];
  cls: number;
  shifts: string[];
  lcp: LcpElement | null;
}

interface LcpElement {
  tag: string;
  src: string | null;
  text: string;
  /** Whether the server's HTML has it inside #root. */
  inServerHtml: boolean;
}

/**
 * tsx compiles this file keeping function names, which wraps inner functions in a `__name(…)` helper that only
 * exists in Node: the functions handed to the browser find it there too.
 */
const NAME_HELPER = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

/** Records layout shifts and LCP candidates from the very start of the page. Runs in the browser. */
function observePaint() {
  const w = window as unknown as { __shifts: Array<{ value: number; nodes: string[] }>; __lcp: Element[] };
  w.__shifts = [];
  w.__lcp = [];
  const describe = (node: Node | null) =>
    node instanceof Element ? `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? ` class="${node.className.slice(0, 60)}"` : ''}>` : String(node?.nodeName ?? '?');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }>) {
      if (!entry.hadRecentInput) w.__shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) if (entry.element) w.__lcp.push(entry.element);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** The last LCP candidate, and whether the server's HTML (`html`) has it inside #root. Runs in the browser. */
function findLcp(html: string): LcpElement | null {
  const w = window as unknown as { __lcp: Element[] };
  const element = w.__lcp.at(-1);
  if (!element) return null;
  const tag = element.tagName.toLowerCase();
  const src = element.getAttribute('src');
  const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
  const text = norm(element.textContent);
  const served = new DOMParser().parseFromString(html, 'text/html').getElementById('root');
  const candidates = served ? [...served.querySelectorAll(tag)] : [];
  const inServerHtml = candidates.some((c) => (src !== null ? c.getAttribute('src') === src : norm(c.textContent) === text));
  return { tag, src, text: text.slice(0, 60), inServerHtml };
}

/** The HTML's own render-blocking requests (see the header). Runs in the browser. */
function blockingInHtml(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const problems: string[] = [];
  for (const script of doc.querySelectorAll('script[src]')) {
    const ok = script.getAttribute('type') === 'module' || script.hasAttribute('defer') || script.hasAttribute('async');
    if (!ok) problems.push(`synchronous <script src="${script.getAttribute('src')}">`);
  }
  for (const link of doc.querySelectorAll('link[rel~="stylesheet" i]')) {
    const href = link.getAttribute('href') ?? '';
    const url = new URL(href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/assets/')) problems.push(`stylesheet ${href} (not a built file of this origin)`);
  }
  for (const style of doc.querySelectorAll('style')) if (/@import/i.test(style.textContent ?? '')) problems.push('@import in an inline <style>');
  return problems;
}

async function visit(browser: Browser, origin: string, page: string, options: BrowserContextOptions, html: string): Promise<Visit> {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: NAME_HELPER });
  const tab = await context.newPage();
  await tab.addInitScript(observePaint);
  // Every API answer (data and served files alike) is held until the page has drawn two frames without it: the
  // slowest network's order of events, whatever this machine's speed, so what shifts when data arrives always shifts.
  await context.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))).catch(() => {});
      await route.continue();
    },
  );
  const result: Visit = { js: [], css: [], foreign: [], cssImports: [], blockingFonts: [], cls: 0, shifts: [], lcp: null };
  const reading: Array<Promise<void>> = [];
  const kindOf = (url: URL, type: string) =>
    /\.m?js$/.test(url.pathname) || type === 'script' ? 'js' : url.pathname.endsWith('.css') || type === 'stylesheet' ? 'css' : null;
  // Asked for, answered or not: one that fails is still a request the page waits on.
  tab.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && kindOf(url, request.resourceType())) result.foreign.push(url.href);
  });
  // Set once the figures are read: a file answered later (or a read cut short by the context's close) is not this
  // visit's to count, and its read must not outlive the context as an unhandled rejection.
  let measured = false;
  const unread: string[] = [];
  tab.on('response', (response) => {
    const url = new URL(response.url());
    const kind = kindOf(url, response.request().resourceType());
    if (measured || !kind || url.origin !== origin) return;
    reading.push(
      response.body().then((body) => {
        const entry = { url: url.pathname, gzip: gzipSize(body) };
        if (kind === 'js') result.js.push(entry);
        else {
          result.css.push(entry);
          const css = body.toString('utf8');
          if (/@import/i.test(css)) result.cssImports.push(url.pathname);
          for (const face of css.match(/@font-face\s*{[^}]*}/gi) ?? []) {
            if (!/font-display:\s*(swap|optional|fallback)/i.test(face)) result.blockingFonts.push(`${url.pathname}: ${face.match(/font-family:[^;}]*/i)?.[0] ?? '@font-face'}`);
          }
        }
      }, (error: unknown) => {
        if (!measured) unread.push(`${url.pathname}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }),
    );
  });
  try {
    // The timeout only keeps a page that never settles from hanging CI; nothing here is held to a time.
    await tab.goto(`${origin}${page}`, { waitUntil: 'networkidle', timeout: 300_000 });
    // Fonts swapped in and two more frames drawn, so their shifts are recorded.
    await tab.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    // A file answered while the reads before it ran adds its own read: wait until none is left.
    for (let awaited = 0; awaited < reading.length; ) {
      const pending = reading.slice(awaited);
      awaited = reading.length;
      await Promise.all(pending);
    }
    measured = true;
    if (unread.length > 0) throw new Error(`${page}: could not read ${unread.join('; ')}`);
    const shifts = await tab.evaluate(() => (window as unknown as { __shifts: Array<{ value: number; nodes: string[] }> }).__shifts);
    result.cls = shifts.reduce((sum, s) => sum + s.value, 0);
    result.shifts = shifts.map((s) => `${s.value.toFixed(4)} ${s.nodes.join(' ')}`);
    result.lcp = await tab.evaluate(findLcp, html);
  } finally {
    measured = true;
    await context.close();
  }
  const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
  result.js.sort(byUrl);
  result.css.sort(byUrl);
  return result;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (files: Array<{ gzip: number }>) => files.reduce((total, file) => total + file.gzip, 0);

const wanted = process.env.PAGE_BUDGETS_PAGES?.split(',').map((page) => page.trim()) ?? [...PUBLIC_PAGES];
const server = await startServer({ LOG_LEVEL: 'error', RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows: Array<Record<string, string>> = [];
const failures: string[] = [];
const details: string[] = [];
try {
  const pages = await resolvePages(server, wanted);
  const probeContext = await browser.newContext();
  await probeContext.addInitScript({ content: NAME_HELPER });
  const probe = await probeContext.newPage();
  await probe.goto(`${server.url}/api/health`);
  for (const page of pages) {
    const label = pageLabel(page);
    // What a visitor is sent: no session cookie, so a prerendered page comes drawn inside #root.
    const response = await fetch(`${server.url}${page}`, { redirect: 'manual' });
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}, not a page`);
    const html = await response.text();
    const blockingHtml = await probe.evaluate(blockingInHtml, html);
    const prerendered = (PRERENDERED_PAGES as readonly string[]).includes(page);
    for (const [profile, options] of Object.entries(PROFILES)) {
      const seen = await visit(browser, server.url, page, options, html);
      const js = sum(seen.js);
      const css = sum(seen.css);
      const blocking = [...blockingHtml, ...seen.cssImports.map((u) => `@import in ${u}`), ...seen.blockingFonts.map((f) => `font without font-display swap (${f})`), ...seen.foreign.map((u) => `script or stylesheet from another origin: ${u}`)];
      const where = `${label} (${profile})`;
      if (js > JS_BUDGET_KB * KB) failures.push(`${where}: JavaScript ${kb(js)} gzip, over the ${JS_BUDGET_KB} KB budget`);
      if (css > CSS_BUDGET_KB * KB) failures.push(`${where}: CSS ${kb(css)} gzip, over the ${CSS_BUDGET_KB} KB budget`);
      if (seen.cls >= CLS_BUDGET) failures.push(`${where}: layout shift ${seen.cls.toFixed(3)}, not below ${CLS_BUDGET}: ${seen.shifts.join('; ')}`);
      for (const problem of blocking) failures.push(`${where}: render-blocking: ${problem}`);
      if (prerendered && !seen.lcp) failures.push(`${where}: Chromium reported no LCP element still on the page`);
      if (prerendered && seen.lcp && !seen.lcp.inServerHtml) {
        failures.push(`${where}: the LCP element <${seen.lcp.tag}> ${seen.lcp.src ?? `"${seen.lcp.text}"`} is not in the server's HTML (#root)`);
      }
      rows.push({
        page: label,
        profile,
        'JS gzip': `${kb(js)} (${seen.js.length} files)`,
        'CSS gzip': kb(css),
        CLS: seen.cls.toFixed(3),
        'render-blocking': blocking.length ? String(blocking.length) : 'none',
        'LCP element': seen.lcp ? `<${seen.lcp.tag}> ${seen.lcp.src ?? `"${seen.lcp.text.slice(0, 30)}"`}` : '-',
        'LCP in HTML': prerendered ? (seen.lcp?.inServerHtml ? 'yes' : 'NO') : 'not prerendered',
      });
      if (process.env.PAGE_BUDGETS_DETAILS) {
        details.push(`\n${where}`, ...[...seen.js, ...seen.css].map((file) => `  ${kb(file.gzip).padStart(9)}  ${file.url}`), ...seen.shifts.map((s) => `  shift ${s}`));
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

if (details.length) console.log(details.join('\n'));
console.log(`\nPublic pages as a visitor first loads them (budgets: JS ${JS_BUDGET_KB} KB and CSS ${CSS_BUDGET_KB} KB gzip, CLS < ${CLS_BUDGET}, no render-blocking request, the LCP element in the server's HTML)\n`);
console.log(table(rows));
if (failures.length) {
  console.error(`\n${failures.length} failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nEvery page within its budgets.');
