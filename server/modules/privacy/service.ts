import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { APP_NAME } from '../../../contract/constants.ts';
import { cmp } from '../../../contract/decimal.ts';
import { stillPayable } from '../../../contract/credits.ts';
import { EXPORT_TTL_HOURS, PRIVACY_MESSAGES, pendingCheckoutMessage, type BlockingCheckout, type DataExport } from '../../../contract/privacy.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobSender } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { ObjectStorage } from '../../providers/storage/storage.ts';
import type { createCreditsService } from '../credits/service.ts';
import { exportZip } from './export-zip.ts';
import * as repo from './repository.ts';
import type { DataExportRow } from './repository.ts';

export const EXPORT_JOB = 'privacy.export';
export const SWEEP_EXPORTS_JOB = 'privacy.sweep-exports';
/** An export still pending this long lost its job (sent while no queue ran): the sweep sends it again. */
const RESEND_AFTER_MS = 2 * 60_000;
/** An export pending or running this long is given up (failed), so the user can start another. */
const GIVE_UP_AFTER_MS = 2 * 60 * 60_000;
/** Failed exports stay listed a day, so the dashboard can say so. */
const KEEP_FAILED_MS = 24 * 60 * 60_000;
/** Orphaned objects under exports/ (a killed writer's temp file) younger than this are left alone. */
const ORPHAN_GRACE_MS = 60 * 60_000;
const EXPORT_PREFIX = 'exports/';
const EMAIL_KEY = 'deleted_email_key';

export interface PrivacyDeps {
  db: Db;
  storage: ObjectStorage;
  clock: Clock;
  jobs: JobSender;
  mailer: Mailer;
  credits: Pick<ReturnType<typeof createCreditsService>, 'takeBack'>;
  settings: { publicUrl: string };
  log: FastifyBaseLogger;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Export my data and delete my account (issue 15). */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, storage, clock, jobs, log } = deps;
  let emailKey: string | undefined;

  /** An export past its expires_at answers as expired, with no link, from that moment (not from the sweep's). */
  function toDto(row: DataExportRow): DataExport {
    const status = isExpired(row) ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      created_at: row.createdAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      size_bytes: row.sizeBytes ?? null,
      download_url: status === 'ready' ? `/api/account/export/${row.id}/download` : null,
      error: row.status === 'failed' ? PRIVACY_MESSAGES.exportFailed : null,
    };
  }

  const isExpired = (row: DataExportRow) => row.status === 'ready' && !!row.expiresAt && row.expiresAt <= clock.now();

  /** The user's own export; anyone else's id answers exactly as an unknown one. */
  async function ownExport(userId: string, id: string): Promise<DataExportRow> {
    const row = await repo.findExport(db, id);
    if (!row || row.userId !== userId) throw notFound('Export not found');
    return row;
  }

  async function enqueue(row: DataExportRow) {
    // A queue that is not running (a web process started without one) must not fail the request: the export stays
    // pending and the sweep sends it again.
    try {
      await jobs.send(EXPORT_JOB, { exportId: row.id }, { singletonKey: row.id });
    } catch (err) {
      log.warn({ err, exportId: row.id }, 'export job not sent; the sweep will send it');
    }
  }

  /** HMAC-SHA-256 of the address with a key kept in the database: without the key the hash names nobody. */
  async function emailHash(db: DbOrTx, email: string): Promise<string> {
    emailKey ??= await repo.secretNamed(db, EMAIL_KEY, randomToken(32));
    return createHmac('sha256', emailKey).update(normalizeEmail(email)).digest('hex');
  }

  async function deleteObject(key: string) {
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not delete a stored object; reconciliation will');
    }
  }

  /** With SMTP set, tells the user the ZIP is ready (the link needs their session, so it goes to the dashboard). */
  async function mailReady(userId: string, exportId: string) {
    if (deps.mailer.kind !== 'smtp') return;
    const user = await repo.findUser(db, userId);
    if (!user) return;
    const dashboard = `${deps.settings.publicUrl}/dashboard`;
    const text = [
      `Your ${APP_NAME} data export is ready.`,
      '',
      `Download it from your dashboard while signed in, within ${EXPORT_TTL_HOURS} hours: ${dashboard}`,
      `(Direct link, works only in a browser where you are signed in: ${deps.settings.publicUrl}/api/account/export/${exportId}/download)`,
      '',
      'If you did not ask for this, sign in and end your other sessions, or write to us.',
    ].join('\n');
    try {
      await deps.mailer.send({
        to: user.email,
        subject: `Your ${APP_NAME} data export is ready`,
        text,
        html: `<p>Your ${APP_NAME} data export is ready.</p><p><a href="${dashboard}">Download it from your dashboard</a> while signed in, within ${EXPORT_TTL_HOURS} hours.</p><p>If you did not ask for this, sign in and end your other sessions, or write to us.</p>`,
      });
    } catch (err) {
      // The export is ready on the dashboard either way; a mail failure must not rebuild it.
      log.warn({ err, exportId }, 'export-ready mail not sent');
    }
  }

  return {
    async startExport(userId: string): Promise<DataExport> {
      const row = await repo.insertExport(db, userId, clock.now());
      if (!row) {
        const running = await repo.findActiveExport(db, userId);
        throw conflict(PRIVACY_MESSAGES.exportRunning, running ? { export: toDto(running) } : {});
      }
      await enqueue(row);
      return toDto(row);
    },

    async exportStatus(userId: string, id: string): Promise<DataExport> {
      return toDto(await ownExport(userId, id));
    },

    /** The newest export: an expired one says so (no link) until the sweep deletes it. */
    async latestExport(userId: string): Promise<DataExport | null> {
      const row = await repo.latestExport(db, userId);
      return row ? toDto(row) : null;
    },

    /** The ZIP's stream for its owner, while it is ready and unexpired. */
    async openDownload(userId: string, id: string) {
      const row = await ownExport(userId, id);
      if (isExpired(row)) throw notFound(PRIVACY_MESSAGES.exportExpired);
      if (row.status !== 'ready' || !row.storageKey) throw conflict(PRIVACY_MESSAGES.exportNotReady);
      const object = await storage.get(row.storageKey);
      if (!object) throw notFound(PRIVACY_MESSAGES.exportExpired);
      const day = row.createdAt.toISOString().slice(0, 10);
      return { stream: object.stream, size: object.size, filename: `${APP_NAME.toLowerCase()}-export-${day}.zip` };
    },

    /**
     * The job: builds the ZIP straight into storage. Safe to run twice: the claim takes a pending export or one a dead
     * worker left running, the object key is the export's own (a rerun overwrites it), and a row gone meanwhile (the
     * account was deleted) gets its object removed.
     */
    async buildExport(exportId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
      const row = await repo.claimExport(db, exportId, clock.now());
      if (!row) return;
      const key = `${EXPORT_PREFIX}${row.id}.zip`;
      try {
        const size = await storage.putStream(key, exportZip({ db, storage }, row.userId, clock.now()), 'application/zip');
        const now = clock.now();
        const finished = await repo.finishExport(db, row.id, { storageKey: key, sizeBytes: size, now, expiresAt: new Date(now.getTime() + EXPORT_TTL_HOURS * 3_600_000) });
        if (!finished) {
          await deleteObject(key);
          return;
        }
        await mailReady(row.userId, row.id);
      } catch (err) {
        await deleteObject(key);
        if (attempt.retryCount >= attempt.retryLimit) {
          log.error({ err, exportId }, 'export failed');
          await repo.failExport(db, row.id, err instanceof Error ? err.message.slice(0, 500) : 'error', clock.now());
          return;
        }
        throw err;
      }
    },

    /**
     * Every 15 minutes: expired ZIPs deleted (object, then row), lost jobs sent again, stuck exports given up,
     * old failures forgotten, and objects under exports/ that no row names removed.
     */
    async sweepExports(): Promise<{ expired: number; resent: number; failed: number; orphans: number }> {
      const now = clock.now();
      let expired = 0;
      for (let batch = await repo.expiredExports(db, now, 100); batch.length > 0; batch = await repo.expiredExports(db, now, 100)) {
        for (const row of batch) {
          if (row.storageKey) await storage.delete(row.storageKey);
          await repo.deleteExportRow(db, row.id);
          expired++;
        }
      }
      let resent = 0;
      let failed = 0;
      for (const row of await repo.pendingExportsBefore(db, new Date(now.getTime() - RESEND_AFTER_MS))) {
        if (row.createdAt.getTime() < now.getTime() - GIVE_UP_AFTER_MS) {
          await repo.failExport(db, row.id, 'given up: no worker finished it', now);
          failed++;
        } else if (row.status === 'pending') {
          await enqueue(row);
          resent++;
        }
      }
      await repo.deleteFailedBefore(db, new Date(now.getTime() - KEEP_FAILED_MS));
      let orphans = 0;
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const page = await storage.list({ prefix: EXPORT_PREFIX, cursor });
        cursor = page.cursor;
        const named = await repo.exportKeysIn(db, page.objects.map((o) => o.key));
        for (const object of page.objects) {
          if (named.has(object.key) || now.getTime() - object.lastModified.getTime() < ORPHAN_GRACE_MS) continue;
          await storage.delete(object.key);
          orphans++;
        }
      }
      return { expired, resent, failed, orphans };
    },

    /**
     * Deletes the account after its email is typed again. In one transaction, with the user and credit rows locked
     * (no hold or sign-in can slip in): refused while a purchase is pending or a hold is open; the stored objects
     * are deleted, then the rows; the ledger and payments pass to an anonymous id (a closing row forfeits the
     * balance, so the anonymous rows still add up to zero); the address is kept only as a keyed hash.
     */
    async deleteAccount(userId: string, confirmEmail: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) throw notFound('Account not found');
        if (normalizeEmail(confirmEmail) !== normalizeEmail(user.email)) throw badRequest(PRIVACY_MESSAGES.confirmMismatch, { field: 'email' });
        const account = await repo.lockCreditAccount(tx, userId);
        // Only a checkout that can still be paid holds it up: a cancelled or expired one (past its payable_until,
        // marked or not) never will be.
        const now = clock.now();
        const payable = (await repo.pendingPayments(tx, userId)).find((p) => stillPayable(p.status, p.payableUntil, now));
        if (payable) {
          const checkout: BlockingCheckout = {
            checkout_id: payable.checkoutId,
            package_id: payable.packageId,
            package_name: payable.packageName,
            payable_until: payable.payableUntil?.toISOString() ?? null,
            test: payable.provider === 'test',
          };
          throw conflict(pendingCheckoutMessage(checkout), { checkout });
        }
        if (await repo.hasOpenHold(tx, userId)) throw conflict(PRIVACY_MESSAGES.openHold);

        const closing = account?.balance ?? '0';
        const anonymousId = await repo.insertDeletedAccount(tx, closing, now);
        if (account && cmp(closing, '0') > 0) {
          await deps.credits.takeBack(tx, {
            userId,
            type: 'adjustment',
            amount: closing,
            description: 'Account deleted: remaining credits forfeited',
            idempotencyKey: `account-deleted:${anonymousId}`,
          });
        }
        const storageKeys = await repo.storageKeysOf(tx, userId);
        // Objects first, inside the transaction: a failure here rolls the rows back, and the user can simply retry
        // (deleting a missing object is not an error).
        for (const key of storageKeys) await storage.delete(key);
        await repo.anonymiseLedger(tx, userId, anonymousId);
        await repo.anonymisePayments(tx, userId, anonymousId);
        await repo.deleteUserData(tx, user);
        await repo.insertEmailHash(tx, await emailHash(tx, user.email), now);
        return storageKeys.length;
      });
      log.info({ objects: keys }, 'account deleted');
    },

    /** Whether an address may get the sign-up bonus: not when an account with it was deleted before. */
    async signupBonusAllowed(tx: DbOrTx, email: string): Promise<boolean> {
      return !(await repo.emailHashExists(tx, await emailHash(tx, email)));
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
