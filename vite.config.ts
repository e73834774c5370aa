import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible built file, once at build time, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let dir = '';
  return {
    name: 'ampkit-precompress',
    apply: 'build',
    configResolved(config) {
      // outDir is relative to the root (web/) when given on the command line.
      dir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (folder: string): string[] =>
        fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(folder, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(dir)) {
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));

/** The web app: source in web/, built into dist/web (served by the Fastify server). */
export default defineConfig(({ command }) => ({
  root: webRoot,
  resolve: {
    // react-router 7's package exports name only its development build (with dev checks and warnings), whatever
    // the mode (remix-run/react-router#14753); a production build takes its production files.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : [],
  },
  publicDir: fileURLToPath(new URL('./web/public', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries every page runs on change rarely: one cacheable chunk. The icons are one chunk of their own (one
        // request rather than one per icon), and app code splits per area (see web/router.tsx).
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
