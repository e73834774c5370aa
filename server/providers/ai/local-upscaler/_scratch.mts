import * as tf from '@tensorflow/tfjs';
import { setThreadsCount, getThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const threads = Number(process.env.THREADS ?? 2);
setThreadsCount(threads); if (process.env.MT) tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', true);
let t0 = performance.now();
await tf.setBackend(process.env.BACKEND ?? 'wasm');
await tf.ready();
console.log('backend', tf.getBackend(), 'threads', tf.getBackend()==='wasm' ? getThreadsCount() : '-', (performance.now()-t0).toFixed(0),'ms');
const pkgEntry = require.resolve('@upscalerjs/'+(process.env.MODEL??'esrgan-slim'));
console.log(pkgEntry);
const dir = path.resolve(pkgEntry.replace(/dist.*$/, ''), 'models/x2');
const handler: tf.io.IOHandler = {
  async load() {
    const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8'));
    const specs = []; const bufs = [];
    for (const g of json.weightsManifest) { specs.push(...g.weights); for (const p of g.paths) bufs.push(await readFile(path.join(dir, p))); }
    const all = Buffer.concat(bufs);
    return { modelTopology: json.modelTopology, weightSpecs: specs, weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength), format: json.format, generatedBy: json.generatedBy, convertedBy: json.convertedBy };
  },
};
t0 = performance.now();
const model = await tf.loadLayersModel(handler);
console.log('load', (performance.now()-t0).toFixed(0), 'ms', model.inputs[0].shape);
for (const s of [64, 128, 128]) {
  const x = tf.randomUniform([1, s, s, 3], 0, 255);
  t0 = performance.now();
  const y = model.predict(x) as tf.Tensor;
  const d = await y.data();
  console.log(s, y.shape, (performance.now()-t0).toFixed(0), 'ms', d[0]);
  x.dispose(); y.dispose();
}
