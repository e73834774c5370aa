import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  /** Size of the whole object. */
  size: number;
}

/** One object as a listing shows it. */
export interface ListedObject {
  key: string;
  lastModified: Date;
  size: number;
}

/** One page of a listing, in key order; `cursor` continues it, null on the last page. */
export interface ObjectPage {
  objects: ListedObject[];
  cursor: string | null;
}

/** Where file bytes live. Keys are server-made (`[a-z0-9/_.-]`), never user input. */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes an object from a stream without holding it in memory (an account export's ZIP); answers the bytes
   * written. The object appears whole or not at all.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The object, or a byte range of it (inclusive end); null when it does not exist. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Objects under a prefix (`files/`), a page at a time (at most `limit`, default 1000), for reconciliation. */
  list(options: { prefix: string; cursor?: string | null; limit?: number }): Promise<ObjectPage>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,255}$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
}
