import { Readable } from 'node:stream';
import yazl from 'yazl';
import { APP_NAME } from '../../../contract/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import { csvRow } from '../../lib/csv.ts';
import * as repo from './repository.ts';

/** Rows read per query: memory holds one page of a table, never the table. */
const PAGE = 200;

export const LEDGER_CSV_HEADER = ['date', 'type', 'amount', 'balance_after', 'description', 'generation_type', 'id'] as const;
export const PURCHASES_CSV_HEADER = ['date', 'completed_at', 'provider', 'checkout_id', 'amount_usd', 'currency', 'credits_purchased', 'credits_reversed', 'status', 'id'] as const;

/** Media that is already compressed is stored as it is: deflating it again costs time and saves nothing. */
const STORED_AS_IS = /^(image\/(png|jpeg|webp|gif|avif)|audio\/|video\/)/;

type Cursor = { createdAt: Date; id: string } | null;

/** A text entry made while the ZIP is written (the generator runs only when yazl reaches it). */
function textStream(gen: () => AsyncGenerator<string>): Readable {
  return Readable.from(gen(), { objectMode: false });
}

async function* jsonArray<T>(pages: () => AsyncGenerator<T[]>, map: (row: T) => unknown): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages()) {
    for (const row of page) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(map(row), null, 2)}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'untitled';

/**
 * The account's ZIP as a stream: profile.json, ledger.csv, purchases.csv, generations.json, captions.json,
 * content-items.json, transcriptions/*.txt, files.json and files/* (the stored bytes). Every entry is opened only
 * when the writer reaches it and tables are read a page at a time, so memory stays flat however much there is.
 */
export function exportZip(deps: { db: DbOrTx; storage: ObjectStorage }, userId: string, now: Date): Readable {
  const { db, storage } = deps;
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  zip.on('error', fail);
  const text = (name: string, gen: () => AsyncGenerator<string>) => zip.addReadStreamLazy(name, { mtime: now }, (cb) => cb(null, textStream(gen)));

  async function fill() {
    const user = await repo.findUser(db, userId);
    if (!user) throw new Error('The account no longer exists');
    const account = await repo.findCreditAccount(db, userId);
    const telegram = await repo.findTelegramLink(db, userId);
    const profile = {
      exported_at: now.toISOString(),
      app: APP_NAME,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        roles: user.roles,
        created_at: iso(user.createdAt),
        last_login_at: iso(user.lastLoginAt),
        email_verified_at: iso(user.emailVerifiedAt),
        has_password: !!user.passwordHash,
      },
      credits: account
        ? { balance: account.balance, held: account.held, lifetime_used: account.lifetimeUsed, lifetime_purchased: account.lifetimePurchased }
        : null,
      telegram: telegram
        ? { chat_id: telegram.chatId, telegram_user_id: telegram.telegramUserId, telegram_username: telegram.telegramUsername, connected_at: iso(telegram.connectedAt) }
        : null,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), 'profile.json', { mtime: now });
    zip.addBuffer(Buffer.from(README), 'README.txt', { mtime: now });

    text('ledger.csv', async function* () {
      yield csvRow(LEDGER_CSV_HEADER);
      for (let afterSeq = 0; ; ) {
        const rows = await repo.ledgerPage(db, userId, afterSeq, PAGE);
        for (const r of rows) yield csvRow([r.createdAt, r.type, r.amount, r.balanceAfter, r.description, r.generationType, r.id]);
        if (rows.length < PAGE) return;
        afterSeq = rows[rows.length - 1]!.seq!;
      }
    });

    text('purchases.csv', async function* () {
      yield csvRow(PURCHASES_CSV_HEADER);
      for (const p of await repo.paymentsOf(db, userId)) {
        yield csvRow([p.createdAt, p.completedAt, p.provider, p.providerId, p.amountUsd, p.currency, p.creditsPurchased, p.creditsReversed, p.status, p.id]);
      }
    });

    text('generations.json', () =>
      jsonArray(
        async function* () {
          for (let cursor: Cursor = null; ; ) {
            const rows = await repo.generationsPage(db, userId, cursor, PAGE);
            yield rows;
            if (rows.length < PAGE) return;
            const last = rows[rows.length - 1]!;
            cursor = { createdAt: last.createdAt, id: last.id };
          }
        },
        (g) => ({
          id: g.id,
          created_at: iso(g.createdAt),
          completed_at: iso(g.completedAt),
          tool: g.tool,
          service_type: g.serviceType,
          service_variant: g.serviceVariant,
          provider: g.provider,
          model: g.model,
          prompt: g.prompt,
          status: g.status,
          credits: g.credits,
          error_class: g.errorClass,
          params: g.params,
          input_file_ids: g.inputFileIds,
          output_file_ids: g.outputFileIds,
        }),
      ),
    );

    const contentEntries = (name: string, keep: (type: string) => boolean) =>
      text(name, () =>
        jsonArray(
          async function* () {
            for (let afterId = 0; ; ) {
              const rows = await repo.contentPage(db, userId, afterId, PAGE);
              yield rows.filter((r) => keep(r.contentType));
              if (rows.length < PAGE) return;
              afterId = rows[rows.length - 1]!.id;
            }
          },
          (c) => ({
            id: c.id,
            created_at: iso(c.createdAt),
            title: c.title,
            content_type: c.contentType,
            content: c.content,
            language: c.language,
            tone: c.tone,
            word_count: c.wordCount,
            is_public: c.isPublic,
          }),
        ),
      );
    contentEntries('captions.json', (type) => type === 'caption');
    contentEntries('content-items.json', (type) => type !== 'caption');

    for (let afterSeq = 0; ; ) {
      const rows = await repo.transcriptionsPage(db, userId, afterSeq, PAGE);
      for (const t of rows) {
        // The text is read again when the writer reaches the entry, so a page of long transcripts is not kept.
        text(`transcriptions/${t.seq}-${slug(t.title)}.txt`, async function* () {
          const [row] = await repo.transcriptionsPage(db, userId, t.seq - 1, 1);
          if (row) yield transcriptText(row);
        });
      }
      if (rows.length < PAGE) break;
      afterSeq = rows[rows.length - 1]!.seq;
    }

    // files.json first (a second pass of pages), then the bytes of each file.
    text('files.json', () =>
      jsonArray(
        async function* () {
          for (let cursor: Cursor = null; ; ) {
            const rows = await repo.filesPage(db, userId, cursor, PAGE);
            yield rows;
            if (rows.length < PAGE) return;
            const last = rows[rows.length - 1]!;
            cursor = { createdAt: last.createdAt, id: last.id };
          }
        },
        (f) => ({
          id: f.id,
          path: zipPathOf(f),
          created_at: iso(f.createdAt),
          expires_at: iso(f.expiresAt),
          entity_type: f.entityType,
          category: f.category,
          file_type: f.fileType,
          size_bytes: f.sizeBytes,
          width: f.width,
          height: f.height,
          tool: f.toolName,
          original_filename: f.originalFilename,
          prompt: f.prompt,
          metadata: f.metadata,
          is_public: f.isPublic,
        }),
      ),
    );
    for (let cursor: Cursor = null; ; ) {
      const rows = await repo.filesPage(db, userId, cursor, PAGE);
      for (const f of rows) {
        zip.addReadStreamLazy(zipPathOf(f), { mtime: f.createdAt, compress: !STORED_AS_IS.test(f.fileType) }, (cb) => {
          storage.get(f.storageKey).then(
            // A file that expired while the export ran leaves an empty entry rather than failing the whole export.
            (object) => cb(null, object ? object.stream : Readable.from([])),
            (err: unknown) => cb(err instanceof Error ? err : new Error(String(err)), undefined as never),
          );
        });
      }
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
    }
    zip.end();
  }
  fill().catch(fail);
  return out;
}

function zipPathOf(f: { id: string; storageKey: string }): string {
  const ext = /\.([a-z0-9]{1,8})$/.exec(f.storageKey)?.[1] ?? 'bin';
  return `files/${f.id}.${ext}`;
}

function transcriptText(t: Awaited<ReturnType<typeof repo.transcriptionsPage>>[number]): string {
  const lines = [
    `Title: ${t.title}`,
    `Created: ${t.createdAt.toISOString()}`,
    `Status: ${t.status}`,
    `Engine: ${t.provider ?? 'unknown'}${t.draft ? ' (draft)' : ''}`,
    `Refinement: ${t.refinementType}`,
    `Language: ${t.language ?? 'unknown'}`,
    `Duration (s): ${t.audioDurationSeconds ?? 'unknown'}`,
    `Credits: ${t.costCredits}`,
    '',
    '--- Transcript ---',
    t.rawTranscription ?? '',
  ];
  if (t.refinedContent) lines.push('', `--- Refined (${t.refinementType}) ---`, t.refinedContent);
  return `${lines.join('\n')}\n`;
}

const README = `Your ${APP_NAME} data export

profile.json         your account: email, name, roles, dates, credit balance, linked Telegram chat
ledger.csv           every change of your credit balance (purchases, bonuses, usage, refunds)
purchases.csv        your credit purchases and their payment status
generations.json     every AI generation: tool, prompt, settings, status, credits charged
captions.json        your generated captions
content-items.json   your other generated texts
transcriptions/      one text file per transcription (transcript and refinement)
files.json           the list of your stored files with their details
files/               the files themselves

Dates are UTC (ISO 8601). Credits are exact decimals.
`;
