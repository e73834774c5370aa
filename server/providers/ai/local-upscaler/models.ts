/**
 * The ESRGAN models the local engine uses, and where their files are on disk.
 *
 * The weights ship inside the npm packages `@upscalerjs/esrgan-slim` (standard tier) and
 * `@upscalerjs/esrgan-medium` (high quality tier); each has an x2, x3, x4 and x8 model in
 * `models/x<scale>/model.json` beside its `dist/`. They are read from those paths with `fs`,
 * never from a CDN: upscaler's browser loader would fetch them from jsdelivr/unpkg.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export type ModelFamily = 'slim' | 'medium';
export type ModelScale = 2 | 4;

export const MODEL_PACKAGES: Record<ModelFamily, string> = {
  slim: '@upscalerjs/esrgan-slim',
  medium: '@upscalerjs/esrgan-medium',
};

/** The model definition an upscalerjs model package exports (the parts we use). */
export interface EsrganModelDefinition {
  scale: number;
  modelType: 'layers' | 'graph';
  _internals: { path: string; name: string; version: string };
  meta: { architecture: string; patchSize?: number; size?: string; modelFileName?: string };
  inputRange?: [number, number];
  outputRange?: [number, number];
}

export interface ResolvedModel {
  /** 'slim-x2', 'medium-x4', … */
  key: string;
  family: ModelFamily;
  scale: ModelScale;
  packageName: string;
  version: string;
  /** Absolute path of model.json inside node_modules. */
  modelJsonPath: string;
  definition: EsrganModelDefinition;
  /** Shown to the user as ImageResult.model. */
  label: string;
}

/** The package folder: what upscaler's node loader does (`getModuleFolder`), without tfjs-node. */
function packageFolder(name: string): string {
  const entry = require.resolve(name);
  const match = /^(.*)[\\/]dist[\\/]/.exec(entry);
  if (!match?.[1]) throw new Error(`Cannot find the package folder of ${name} (entry ${entry})`);
  return match[1];
}

export function resolveModel(family: ModelFamily, scale: ModelScale): ResolvedModel {
  const packageName = MODEL_PACKAGES[family];
  const loaded = require(`${packageName}/${scale}x`) as EsrganModelDefinition | { default: EsrganModelDefinition };
  const definition = 'default' in loaded ? loaded.default : loaded;
  if (definition.scale !== scale || definition.modelType !== 'layers') {
    throw new Error(`${packageName}/${scale}x is not a x${scale} layers model`);
  }
  const modelJsonPath = path.resolve(packageFolder(packageName), definition._internals.path);
  return {
    key: `${family}-x${scale}`,
    family,
    scale,
    packageName,
    version: definition._internals.version,
    modelJsonPath,
    definition,
    label: `ESRGAN ${family} x${scale} (${packageName}@${definition._internals.version})`,
  };
}
