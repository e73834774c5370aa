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

/**
 * Zod's classic schemas carry their JSON Schema conversion (`toJSONSchema()`, `~standard.jsonSchema` and a hook on
 * every schema type): 4.5 KB gzip that every page loaded, though only the server makes JSON Schema (the OpenAPI
 * document). The web build blanks the hooks that reach it, so the bundler leaves it out; parsing is untouched, and
 * asking for JSON Schema in the browser throws saying why. Should zod's source change shape, the build stops here
 * rather than quietly shipping it again.
 */
function zodWithoutJsonSchema(): Plugin {
  const file = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
  const hook = /inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);/g;
  const methods = ['createToJSONSchemaMethod(this, {})(params)', 'createStandardJSONSchemaMethod(this, "input")', 'createStandardJSONSchemaMethod(this, "output")'];
  // Same length, so every other character keeps its place and the source map stays true (map: null).
  const blank = (text: string, by = '') => by.padEnd(text.length, ' ');
  return {
    name: 'ampkit-zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      const hooks = code.match(hook)?.length ?? 0;
      if (hooks < 20 || methods.some((method) => !code.includes(method))) {
        this.error(`zod/v4/classic/schemas.js is not shaped as this plugin expects (${hooks} hooks): update or remove it`);
      }
      let out = code.replace(hook, (text) => blank(text));
      out = out.replace(methods[0]!, (text) => blank(text, 'noJsonSchema()'));
      for (const method of methods.slice(1)) out = out.replace(method, (text) => blank(text, 'noJsonSchema'));
      const stub = "function noJsonSchema() { throw new Error('No JSON Schema in the web build: see vite.config.ts'); }";
      return { code: `${out}\n${stub}\n`, map: null };
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
  plugins: [react(), tailwindcss(), precompress(), zodWithoutJsonSchema()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What every page runs ('$initial': the entry and all it imports statically) is two chunks: the libraries,
        // which change rarely (one cacheable file), and the app's shell code with the icons it draws (one file rather
        // than a dozen small ones). The rest splits per page and area (web/router.tsx), icons going with the code that
        // draws them, so a page loads its own few rather than every icon of the app (they were one 14 KB gzip chunk).
        // Each public page's first load is held to a budget: scripts/check-page-budgets.ts.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](?!lucide-react[\\/])/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
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
