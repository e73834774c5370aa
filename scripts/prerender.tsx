/**
 * Prerenders the public pages as a visitor sees them first (after `vite build`): the same React tree the browser
 * renders, with every server answer still pending (skeletons where data goes), written as HTML fragments into
 * dist/web/prerendered/ with a manifest. The server puts a fragment inside #root when a request for that page carries
 * no session cookie, so the page paints before any JavaScript has run; the app then renders the same tree over it
 * (web/main.tsx). Run by `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PRERENDERED_PAGES, type PrerenderManifest } from '../contract/pages.ts';
import { profileQueryKey } from '../web/lib/session/profile.ts';
import { routes } from '../web/router.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'web'), 'prerendered');
fs.mkdirSync(outDir, { recursive: true });

const handler = createStaticHandler(routes);
const manifest: PrerenderManifest = {};
for (const page of PRERENDERED_PAGES) {
  const context = await handler.query(new Request(`http://localhost${page}`));
  if (context instanceof Response) throw new Error(`${page} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A visitor: the session check has answered "signed out"; everything else is still on its way.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  client.setQueryData(profileQueryKey, null);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const file = `${page === '/' ? 'index' : page.slice(1).replaceAll('/', '-')}.html`;
  fs.writeFileSync(path.join(outDir, file), html);
  manifest[page] = file;
  console.log(`prerendered ${page} (${(html.length / 1024).toFixed(1)} KB)`);
}
fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
process.exit(0);
