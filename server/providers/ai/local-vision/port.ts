/**
 * What local vision answers, as its callers see it (the AI providers' `localVision`, the local engine's tools). Apart
 * from index.ts, which runs it, so that providers/ai/types.ts can name the capability without importing the
 * implementation, which imports types.ts back (ProviderError): that was an import cycle.
 */

/** Pixels of the image given. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Face extends Box {
  score: number;
}
export interface Detection extends Box {
  label: string;
  score: number;
}

/** Offline faces, person cut-out and objects (@vladmandic/human on the WASM backend, models from node_modules). */
export interface LocalVision {
  /** Faces of usable confidence only (detector confirmed by the face mesh, combined score ≥ 0.5). */
  faces(image: Buffer): Promise<Face[]>;
  /** PNG, one channel (greyscale), the image's size: white = person. */
  personMask(image: Buffer): Promise<Buffer>;
  /** Objects (centernet, COCO labels) scoring at least `minScore` (default DEFAULT_OBJECT_MIN_SCORE). Coarse. */
  objects(image: Buffer, minScore?: number): Promise<Detection[]>;
}
