import {
  BATCH_ITEM_NAME_MAX,
  BATCH_MESSAGES,
  batchUrl,
  type BatchAccepted,
  type BatchDetail,
  type BatchItemInput,
  type BatchSummary,
  type NothingToRunDetails,
} from '../../../contract/batches.ts';
import { add, cmp, normalize } from '../../../contract/decimal.ts';
import { TOOL_DEFINITIONS } from '../../../contract/tools/index.ts';
import { TOOL_IDS, type ToolId } from '../../../contract/tools/definition.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { BatchRuns, ItemQuote } from '../ai/batch-runs.ts';
import { SERVER_TOOLS } from '../ai/tools/index.ts';
import type { CreditsService } from '../credits/service.ts';
import { insufficientCredits } from '../credits/service.ts';
import type { FilesService } from '../files/service.ts';
import * as repo from './repository.ts';
import { toDetail, toItem, toSummary } from './view.ts';
import type { ZipEntry } from './zip.ts';

export interface BatchesDeps {
  db: Db;
  clock: Clock;
  runs: BatchRuns;
  files: Pick<FilesService, 'readOwn' | 'putInput' | 'readInput' | 'dropInput'>;
  credits: Pick<CreditsService, 'account' | 'spending'>;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** An item held by this call: its new generation, and the one it had before (a retry's failed one; none at first). */
type Held = { itemId: string; generation: repo.GenerationRow; before: string | null };
/** An item after its check: its tool request and quote, or the reason it was refused. */
type CheckedItem = { name: string; request?: unknown; quote?: ItemQuote; error?: { code: string; message: string } };
/** Items checked side by side when a batch is accepted (decoding is most of it): about half the wait on two cores or more. */
const CHECKS_AT_ONCE = 2;
/** Item requests written to storage side by side at the accept (a write waits on the disk or S3, not on the CPU). */
const PUTS_AT_ONCE = 4;

/** Batches a list shows. */
const LIST_LIMIT = 50;

/** A tool that runs in batches: its definition's image field, the call its items run under and its request schema. */
function batchTool(runs: Pick<BatchRuns, 'callOf'>, id: string) {
  if (!(TOOL_IDS as readonly string[]).includes(id)) return null;
  const contract = TOOL_DEFINITIONS[id as ToolId];
  const schemas = SERVER_TOOLS[id as ToolId].schemas as { request: z.ZodType } | null;
  const call = runs.callOf(id as ToolId);
  if (!contract.batch || !call || !schemas) return null;
  return { id: id as ToolId, image: contract.batch.image, toolName: contract.call.toolName, call, schema: schemas.request };
}
type BatchTool = NonNullable<ReturnType<typeof batchTool>>;

/** The fields a single call's body carries its image in: never an option. */
const IMAGE_FIELDS = ['imageData', 'images', 'mimeType'];

/** The tool's single-call request for one image with the batch's options. */
function requestFor(tool: BatchTool, options: Record<string, unknown>, image: { data: string; mimeType: string }) {
  const imageFields = tool.image === 'images' ? { images: [image.data] } : { imageData: image.data, mimeType: image.mimeType };
  return { ...options, ...(tool.toolName ? { toolName: tool.toolName } : {}), ...imageFields };
}

/** An item's image and name: sent inline, or a file of the user's. */
async function imageOf(deps: BatchesDeps, userId: string, input: BatchItemInput): Promise<{ name: string; data: string; mimeType: string }> {
  if ('imageData' in input) return { name: input.name, data: input.imageData, mimeType: input.mimeType };
  const { file, data } = await deps.files.readOwn(userId, input.image_uuid).catch(() => {
    throw notFound(`${input.image_uuid}: this image was not found in your files.`);
  });
  const name = file.originalFilename ?? `${file.id}`;
  if (!file.fileType.startsWith('image/')) throw badRequest(`${name}: this file is not an image.`);
  return { name, data: data.toString('base64'), mimeType: file.fileType };
}

/** A text result's file: a caption and its hashtags. */
function textOf(result: Record<string, unknown>): string {
  if (typeof result.caption === 'string' && Array.isArray(result.hashtags)) {
    // Ready to paste: the hashtags with their #, as a post shows them.
    return `${result.caption}\n\n${result.hashtags.map((tag) => `#${String(tag).replace(/^#/, '')}`).join(' ')}\n`;
  }
  return `${String(result.text)}\n`;
}

/** The name of an item whose image could not even be read (a missing file): its id. */
const fallbackName = (input: BatchItemInput) => ('imageData' in input ? input.name : input.image_uuid);

export function createBatchesService(deps: BatchesDeps) {
  const { db, clock, runs, files, log } = deps;

  async function detail(batch: repo.BatchRow): Promise<BatchDetail> {
    return toDetail(batch, await repo.itemsOf(db, [batch.id]));
  }

  async function own(userId: string, id: string): Promise<repo.BatchRow> {
    const batch = await repo.findUserBatch(db, id, userId);
    if (!batch) throw notFound(BATCH_MESSAGES.notFound);
    return batch;
  }

  /**
   * What these items cost together; 402 with the figures when that is more than the available balance, or would pass
   * a monthly spending cap (the account's or the calling key's): the batch is refused whole, before any hold.
   */
  async function affordable(userId: string, quotes: ItemQuote[]): Promise<string> {
    const total = normalize(quotes.reduce((sum, quote) => add(sum, quote.amount), '0'));
    const available = (await deps.credits.account(userId)).available_credits;
    if (cmp(total, available) > 0) throw insufficientCredits(total, available);
    const capped = await deps.credits.spending.capError(userId, total);
    if (capped) throw capped;
    return total;
  }

  /**
   * Holds each item as a queued generation (its request kept under its id). A hold refused meanwhile (the balance was
   * spent elsewhere) takes back every hold this call took, puts each item back on the generation it had, and answers
   * the 402 for all of them: nothing of the batch runs before all of it is held.
   */
  async function holdAll(userId: string, tool: BatchTool, batchId: string, toHold: Array<{ item: repo.BatchItemRow; quote: ItemQuote }>, total: string): Promise<Held[]> {
    const held: Held[] = [];
    try {
      for (const { item, quote } of toHold) {
        const generation = await runs.hold(tool.call, quote, { inputKey: item.id, batchId });
        await repo.setItemGeneration(db, item.id, generation.id);
        held.push({ itemId: item.id, generation, before: item.generationId });
      }
      return held;
    } catch (err) {
      for (const { itemId, generation, before } of held) {
        await runs.cancel(generation.id, userId);
        await repo.setItemGeneration(db, itemId, before);
      }
      if (err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS') throw insufficientCredits(total, (await deps.credits.account(userId)).available_credits);
      // A cap reached meanwhile (other work of the user's held): the batch's figures, now that its holds are back.
      if (err instanceof AppError && err.code === 'SPENDING_CAP_REACHED') throw (await deps.credits.spending.capError(userId, total)) ?? err;
      throw err;
    }
  }

  /**
   * Each item checked by the tool as a single call would be (nothing held): its request and quote, or why not.
   * CHECKS_AT_ONCE items at a time (decoding an image is most of it), answered in the items' order.
   */
  async function check(tool: BatchTool, userId: string, options: Record<string, unknown>, inputs: BatchItemInput[]): Promise<CheckedItem[]> {
    return mapLimit(inputs, CHECKS_AT_ONCE, async (input): Promise<CheckedItem> => {
      let name = fallbackName(input);
      try {
        const image = await imageOf(deps, userId, input);
        name = image.name;
        const parsed = tool.schema.safeParse(requestFor(tool, options, image));
        if (!parsed.success) throw badRequest(`${name}: ${parsed.error.issues[0]?.message ?? 'this image cannot be used.'}`);
        return { name, request: parsed.data, quote: await runs.quote(tool.call, userId, parsed.data) };
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) log.warn({ err, item: name }, 'batch item refused');
        const message = err instanceof AppError && err.status < 500 ? err.message : 'this image could not be read.';
        return { name, error: { code: err instanceof AppError ? err.code : 'VALIDATION_ERROR', message: message.startsWith(`${name}: `) ? message : `${name}: ${message}` } };
      }
    });
  }

  return {
    /** POST /api/batches: every item checked, the whole batch quoted against the balance, then held and queued. */
    async create(userId: string, body: { tool: string; options: Record<string, unknown>; items: BatchItemInput[] }): Promise<BatchAccepted> {
      const tool = batchTool(runs, body.tool);
      if (!tool) throw badRequest(BATCH_MESSAGES.unknownTool, { field: 'tool' });
      if (IMAGE_FIELDS.some((field) => field in body.options)) throw badRequest(BATCH_MESSAGES.imageInOptions, { field: 'options' });
      // The options alone, checked once with a stand-in image: an option the tool refuses refuses the batch.
      const optionsCheck = tool.schema.safeParse(requestFor(tool, body.options, { data: 'A'.repeat(64), mimeType: 'image/png' }));
      if (!optionsCheck.success) {
        const issue = optionsCheck.error.issues[0]!;
        throw new AppError('VALIDATION_ERROR', `options.${issue.path.join('.')}: ${issue.message}`.replace(/^options\.: /, ''), { field: `options.${issue.path.join('.')}` });
      }

      const checked = await check(tool, userId, body.options, body.items);
      const accepted = checked.filter((item) => item.quote);
      if (accepted.length === 0) {
        const details: NothingToRunDetails = { items: checked.flatMap((item) => (item.error ? [item.error] : [])) };
        throw badRequest(BATCH_MESSAGES.nothingToRun, details);
      }
      const total = await affordable(userId, accepted.map((item) => item.quote!));

      const first = accepted[0]!.quote!;
      const quote = { items: accepted.length, unit_price: normalize(first.amount), total, engine: first.work.provider, preview: first.preview };
      const { batch, items } = await db.transaction((tx) =>
        repo.insertBatch(
          tx,
          { userId, tool: tool.id, options: body.options, quote, createdAt: clock.now() },
          checked.map((item, position) => ({ userId, position, name: item.name.slice(0, BATCH_ITEM_NAME_MAX), error: item.error ?? null, createdAt: clock.now() })),
        ),
      );

      const toHold = checked.flatMap((item, position) => (item.quote ? [{ item: items[position]!, quote: item.quote, request: item.request }] : []));
      let held: Held[];
      try {
        await mapLimit(toHold, PUTS_AT_ONCE, ({ item, request }) => files.putInput(item.id, Buffer.from(JSON.stringify(request))));
        held = await holdAll(userId, tool, batch.id, toHold, total);
      } catch (err) {
        for (const item of items) await files.dropInput(item.id);
        await repo.deleteBatch(db, batch.id);
        throw err;
      }
      for (const { itemId, generation } of held) await dispatch(itemId, generation);
      const view = await detail(batch);
      return { batch_id: batch.id, items: view.items, quote, status_url: batchUrl(batch.id) };
    },

    async get(userId: string, id: string): Promise<BatchDetail> {
      return detail(await own(userId, id));
    },

    async list(userId: string, active: boolean): Promise<BatchSummary[]> {
      const rows = await repo.listBatches(db, userId, { active, limit: LIST_LIMIT });
      const items = await repo.itemsOf(db, rows.map((row) => row.id));
      return rows.map((row) => toSummary(row, items.filter((item) => item.batchId === row.id).map(toItem)));
    },

    /** POST /api/batches/:id/cancel: queued items are cancelled (released) at once; running ones finish. */
    async cancel(userId: string, id: string): Promise<BatchDetail> {
      const batch = await own(userId, id);
      await repo.markCancelled(db, batch.id, clock.now());
      for (const item of await repo.itemsOf(db, [batch.id])) {
        if (item.generation?.status !== 'pending') continue;
        if (await runs.cancel(item.generation.id, userId)) await files.dropInput(item.id);
      }
      return detail((await repo.findBatch(db, batch.id))!);
    },

    /** POST /api/batches/:id/retry: each failed item (one that ran) is held and queued again from its kept request. */
    async retry(userId: string, id: string): Promise<BatchDetail> {
      const batch = await own(userId, id);
      const tool = batchTool(runs, batch.tool);
      const failed = (await repo.itemsOf(db, [batch.id])).filter((item) => item.generation?.status === 'failed');
      if (!tool || failed.length === 0) throw conflict(BATCH_MESSAGES.nothingToRetry);
      const requests = [];
      for (const item of failed) {
        const input = await files.readInput(item.id);
        if (!input) throw conflict(BATCH_MESSAGES.inputsGone);
        requests.push({ item, request: JSON.parse(input.toString('utf8')) as unknown });
      }
      const quotes = [];
      for (const { item, request } of requests) quotes.push({ item, quote: await runs.quote(tool.call, userId, request) });
      const total = await affordable(userId, quotes.map((q) => q.quote));
      const held = await holdAll(userId, tool, batch.id, quotes, total);
      await repo.reopen(db, batch.id);
      for (const { itemId, generation } of held) await dispatch(itemId, generation);
      return detail((await repo.findBatch(db, batch.id))!);
    },

    /** What the ZIP holds: each done item's result, named after its image and the tool (409 when none is done). */
    async download(userId: string, id: string): Promise<{ batch: repo.BatchRow; entries: ZipEntry[] }> {
      const batch = await own(userId, id);
      const done = (await repo.itemsOf(db, [batch.id])).filter((item) => item.generation?.status === 'completed');
      if (done.length === 0) throw conflict(BATCH_MESSAGES.nothingDone);
      const stored = new Map((await repo.storedFiles(db, done.flatMap((item) => item.generation!.outputFileIds))).map((f) => [f.id, f]));
      const entries = done.flatMap((item): ZipEntry[] => {
        const generation = item.generation!;
        const outputs = generation.outputFileIds.flatMap((fileId) => stored.get(fileId) ?? []);
        // Several results of one image (a mockup's styles) are told apart by their style.
        const labels = Array.isArray(generation.params.styles) && outputs.length > 1 ? (generation.params.styles as string[]) : [];
        if (outputs.length > 0) return outputs.map((file, i) => ({ name: item.name, label: labels[i], storageKey: file.storageKey, fileType: file.fileType }));
        return typeof generation.result?.text === 'string' ? [{ name: item.name, text: textOf(generation.result) }] : [];
      });
      return { batch, entries };
    },

    /** Sends held items no worker was handed (a process died between hold and send); the sweep's part. */
    async dispatchLost(olderThanMs: number): Promise<number> {
      const lost = await repo.undispatched(db, new Date(clock.now().getTime() - olderThanMs), 200);
      for (const item of lost) await dispatch(item.id, item.generation!);
      return lost.length;
    },
  };

  /** Hands an item's generation to the queue and records that it was. */
  async function dispatch(itemId: string, generation: repo.GenerationRow): Promise<void> {
    await runs.dispatch(generation);
    await repo.markDispatched(db, itemId, clock.now());
  }
}

export type BatchesService = ReturnType<typeof createBatchesService>;
