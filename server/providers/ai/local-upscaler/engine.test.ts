import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPatchesFromImage, initBackend, ModelCache, upscaleRgb, upscaleRgbWhole } from './engine.ts';
import { resolveModel } from './models.ts';
import { blockedRequests, installNetworkGuard, NetworkBlockedError } from './network-guard.ts';
import { makeTestImage, psnr, rawRgb } from './test-image.ts';

const NODE_MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../node_modules');

describe('models', () => {
  it('resolve to files inside the installed packages, x2 and x4 for both families', () => {
    for (const family of ['slim', 'medium'] as const) {
      for (const scale of [2, 4] as const) {
        const m = resolveModel(family, scale);
        expect(m.modelJsonPath).toBe(path.join(NODE_MODULES, '@upscalerjs', `esrgan-${family}`, 'models', `x${scale}`, 'model.json'));
        expect(m.definition.scale).toBe(scale);
        expect(m.label).toContain(`x${scale}`);
      }
    }
  });
});

describe('tiling', () => {
  beforeAll(async () => {
    await initBackend();
  });

  it('covers the image exactly once (upscaler patch geometry)', () => {
    for (const [w, h, p, pad] of [[64, 48, 32, 8], [100, 37, 48, 4], [20, 20, 192, 8], [300, 200, 192, 8]] as const) {
      const seen = new Uint8Array(w * h);
      for (const row of getPatchesFromImage(w, h, p, pad)) {
        for (const { pre, post } of row) {
          for (let y = 0; y < post.size[0]; y++) {
            for (let x = 0; x < post.size[1]; x++) seen[(pre.origin[0] + post.origin[0] + y) * w + pre.origin[1] + post.origin[1] + x]! += 1;
          }
        }
      }
      expect(seen.every((n) => n === 1)).toBe(true);
    }
  });

  it('patched output matches a whole-image pass', { timeout: 60_000 }, async () => {
    const { data, width, height } = await rawRgb(await makeTestImage(64, 48));
    const { model } = await new ModelCache().get('slim', 2);
    const whole = await upscaleRgbWhole(model, data, width, height);
    const exact = await upscaleRgb(model, 2, data, width, height, { patchSize: 48, padding: 16 });
    const loose = await upscaleRgb(model, 2, data, width, height, { patchSize: 32, padding: 4 });
    expect(whole.length).toBe(width * height * 12);
    expect(psnr(whole, exact)).toBeGreaterThan(60);
    expect(psnr(whole, loose)).toBeGreaterThan(40);
  });
});

describe('network guard', () => {
  const saved = { fetch: globalThis.fetch, httpRequest: http.request, httpGet: http.get, httpsRequest: https.request, httpsGet: https.get };
  afterAll(() => {
    globalThis.fetch = saved.fetch;
    Object.assign(http, { request: saved.httpRequest, get: saved.httpGet });
    Object.assign(https, { request: saved.httpsRequest, get: saved.httpsGet });
  });

  it('makes fetch and http(s) requests throw', async () => {
    installNetworkGuard();
    await expect(fetch('https://cdn.jsdelivr.net/npm/@upscalerjs/esrgan-slim@1.0.0/models/x2/model.json')).rejects.toBeInstanceOf(NetworkBlockedError);
    expect(() => https.get('https://unpkg.com/x')).toThrow(NetworkBlockedError);
    expect(() => http.request({ hostname: 'example.com', path: '/a' })).toThrow(/example\.com\/a/);
    expect(blockedRequests).toEqual(['https://cdn.jsdelivr.net/npm/@upscalerjs/esrgan-slim@1.0.0/models/x2/model.json', 'https://unpkg.com/x', 'example.com/a']);
  });
});
