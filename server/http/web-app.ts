import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_NAME, APP_TAGLINE, SESSION_COOKIE } from '../../contract/constants.ts';
import { DEFAULT_SOCIAL_IMAGE } from '../../contract/files.ts';
import { DEVELOPMENT_HOST_META, lookupPage, PRERENDERED_ATTRIBUTE, VISITOR_ATTRIBUTE, type PrerenderManifest } from '../../contract/pages.ts';
import sharp from 'sharp';
import { sendApiNotFound } from './error-handler.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** The preview image: its absolute URL and the size it is actually served at. */
  image: { url: string; width: number; height: number } | null;
  url: string;
  /** The page's main image (a path on this site), fetched with the document instead of after the app asks for it. */
  preloadImage?: string;
}

/** Answers the title and preview tags of a page, for crawlers that do not run JavaScript. */
export type MetaResolver = (pathname: string) => Promise<Partial<PageMeta> | null>;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderMeta(meta: PageMeta): string {
  const tags: Array<[string, string, string]> = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', APP_NAME],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) {
    tags.push(
      ['property', 'og:image', meta.image.url],
      ['property', 'og:image:width', String(meta.image.width)],
      ['property', 'og:image:height', String(meta.image.height)],
      ['name', 'twitter:image', meta.image.url],
    );
  }
  const preload = meta.preloadImage ? [`<link rel="preload" as="image" href="${escape(meta.preloadImage)}" fetchpriority="high" />`] : [];
  return [`<title>${escape(meta.title)}</title>`, ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escape(value)}" />`), ...preload].join('\n    ');
}

function brandCardSvg(): string {
  const { width, height } = DEFAULT_SOCIAL_IMAGE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4c1d95"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="1180" cy="140" r="260" fill="#a78bfa" opacity="0.25"/><circle cx="160" cy="660" r="220" fill="#c4b5fd" opacity="0.18"/>
  <text x="96" y="360" font-family="DejaVu Sans, Arial, sans-serif" font-size="120" font-weight="700" fill="#ffffff">${APP_NAME}</text>
  <text x="100" y="450" font-family="DejaVu Sans, Arial, sans-serif" font-size="48" fill="#ede9fe">${escape(APP_TAGLINE)}</text>
  <text x="100" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#ddd6fe">Pay per generation. No subscription.</text>
</svg>`;
}

/** Puts the page's title and preview tags into index.html, replacing its own <title>. */
export function injectMeta(html: string, meta: PageMeta): string {
  const withoutTitle = html.replace(/<title>[\s\S]*?<\/title>/i, '');
  return withoutTitle.replace(/<\/head>/i, `    ${renderMeta(meta)}\n  </head>`);
}

/** The prerendered first paints the build wrote (scripts/prerender.tsx), by path; none when the build has none. */
function loadPrerendered(webRoot: string): Map<string, string> {
  const dir = path.join(webRoot, 'prerendered');
  const pages = new Map<string, string>();
  let manifest: PrerenderManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as PrerenderManifest;
  } catch {
    return pages;
  }
  for (const [page, file] of Object.entries(manifest)) {
    if (file && !file.includes('/')) pages.set(page, fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  return pages;
}

/**
 * Puts a prerendered page inside #root, marked so the app knows it renders over a visitor's page, and has the app's
 * code fetched and started by /paint-first.js once the browser has painted it: the page shows first, on a slow phone
 * too, and the code (whose chunks the entry imports in parallel) comes next.
 */
function injectPrerendered(html: string, fragment: string): string {
  return html
    .replace(/<div id="root"><\/div>/, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="visitor" ${VISITOR_ATTRIBUTE}>${fragment}</div>`)
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, entry: string) => `<script defer src="/paint-first.js" data-entry="${entry}"></script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** Marks #root of a page sent to a request without a session cookie (see VISITOR_ATTRIBUTE). */
function markVisitor(html: string): string {
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root" ${VISITOR_ATTRIBUTE}></div>`);
}

/** Sends a page's HTML compressed when the browser takes it (the document is made per request, so not precompressed). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

/**
 * Serves the built React app. Built files are sent precompressed (brotli or gzip, made by the build) and hashed
 * assets are cached for good. A GET for a page of the route table (contract/pages.ts) gets index.html with the page's
 * title and social preview tags filled in on the server (and, for a visitor on a public page, its prerendered first
 * paint); a redirect of that table is an HTTP redirect; any other path gets the same document with status 404, so the
 * app shows its not-found page and crawlers see a real 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: { webRoot: string; publicUrl: string; resolveMeta: MetaResolver; developmentHost?: boolean },
) {
  const indexPath = path.join(opts.webRoot, 'index.html');
  const built = fs.existsSync(indexPath);
  const base = opts.publicUrl.replace(/\/$/, '');
  const defaults: PageMeta = {
    title: `${APP_NAME} - ${APP_TAGLINE}`,
    description: 'AI tools for creators: image morpher, mockups, headshots, thumbnails, captions, transcription and more. Pay per generation, no subscription.',
    image: { url: `${base}/og-default.png`, ...DEFAULT_SOCIAL_IMAGE },
    url: base,
  };
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      index: false,
      preCompressed: true,
      // Built assets carry a content hash in their names, so they can be cached for good.
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(opts.webRoot, 'assets') + path.sep);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  // The development host says so in the document, so the app asks GET /api/config only there (elsewhere it is a 404,
  // which a browser logs as an error on every page load).
  const indexHtml = built ? fs.readFileSync(indexPath, 'utf8') : '';
  const template = opts.developmentHost ? indexHtml.replace(/<\/head>/i, `  <meta name="${DEVELOPMENT_HOST_META}" content="true" />\n  </head>`) : indexHtml;
  const prerendered = built ? loadPrerendered(opts.webRoot) : new Map<string, string>();

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api') return sendApiNotFound(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendApiNotFound(request, reply);
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build` (npm start does it).');
    }
    if (path.extname(pathname)) return reply.status(404).type('text/plain').send('Not found');
    const page = lookupPage(pathname);
    if (page.kind === 'redirect') {
      const query = request.url.slice(pathname.length);
      const [to, hash = ''] = page.to.split('#');
      return reply.redirect(`${to}${query}${hash ? `#${hash}` : ''}`, page.permanent ? 301 : 302);
    }
    if (page.kind === 'not-found') {
      const notFound = injectMeta(template, { ...defaults, title: `Page not found - ${APP_NAME}`, url: `${base}${pathname}` });
      return sendHtml(request, reply.status(404), request.cookies[SESSION_COOKIE] ? notFound : markVisitor(notFound));
    }
    const found = await opts.resolveMeta(pathname).catch(() => null);
    const html = injectMeta(template, { ...defaults, url: `${base}${pathname}`, ...found });
    // A visitor (no session cookie at all) is marked as one, and gets the page's first paint in the document itself.
    if (request.cookies[SESSION_COOKIE]) return sendHtml(request, reply, html);
    const fragment = prerendered.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    return sendHtml(request, reply, fragment ? injectPrerendered(html, fragment) : markVisitor(html));
  };
  // The default social preview card (1344x768), drawn once.
  let card: Promise<Buffer> | undefined;
  app.get('/og-default.png', { schema: { hide: true } }, async (_request, reply) => {
    card ??= sharp(Buffer.from(brandCardSvg())).png().toBuffer();
    return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(await card);
  });
  // The site root is a page too (the static plugin serves files, not folders).
  app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(sendPage);
}
