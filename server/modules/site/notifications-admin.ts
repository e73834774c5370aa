import type { z } from 'zod';
import type { notificationCreateBody, notificationUpdateBody, SiteNotification } from '../../../contract/site.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';
import { sanitizeNotificationHtml } from './sanitize.ts';

type CreateBody = z.output<typeof notificationCreateBody>;
type UpdateBody = z.output<typeof notificationUpdateBody>;
/** The fields an admin edits, as the wire names them (what the audit log records). */
type Editable = Omit<SiteNotification, 'uuid' | 'id'>;

/** A row as the API answers it; the HTML is sanitised again on the way out, as the public banner does. */
export function notificationView(row: repo.NotificationRow): SiteNotification {
  return {
    uuid: row.uuid,
    id: row.id,
    identifier: row.identifier,
    content: sanitizeNotificationHtml(row.content),
    bg_color: row.bgColor,
    text_color: row.textColor,
    icon_color: row.iconColor,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil?.toISOString() ?? null,
    is_active: row.isActive,
  };
}

function editable(view: SiteNotification): Editable {
  return {
    identifier: view.identifier,
    content: view.content,
    bg_color: view.bg_color,
    text_color: view.text_color,
    icon_color: view.icon_color,
    valid_from: view.valid_from,
    valid_until: view.valid_until,
    is_active: view.is_active,
  };
}

/** Content as stored: sanitised, and refused when nothing is left of it. */
function cleanContent(content: string): string {
  const clean = sanitizeNotificationHtml(content).trim();
  if (!clean) throw badRequest('Content is required (only links, emphasis and line breaks are kept).', { field: 'content' });
  return clean;
}

/** '' and null mean no end date. */
const endOf = (value: string | null | undefined) => (value ? new Date(value) : null);

function checkDates(validFrom: Date, validUntil: Date | null) {
  if (validUntil && validUntil.getTime() <= validFrom.getTime()) throw badRequest('valid_until must be after valid_from.', { field: 'valid_until' });
}

/** The fields whose values differ, as before/after for the audit log. */
function changes(before: Editable, after: Editable) {
  const keys = (Object.keys(after) as Array<keyof Editable>).filter((key) => before[key] !== after[key]);
  return {
    keys,
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

const notificationNotFound = () => notFound('Notification not found');

/**
 * The admin's notifications (spec 3 §2, §5): list, create, edit, toggle, delete. Every write is audited under
 * 'notifications' in its own transaction; the public GET /api/notifications reads the same rows, so it shows a
 * change at once.
 */
export function createNotificationsAdmin(deps: { db: Db; clock: Clock; audit: AuditRecorder }) {
  const { db, clock, audit } = deps;

  return {
    /** Every notification, newest first. */
    async list(): Promise<SiteNotification[]> {
      return (await repo.allNotifications(db)).map(notificationView);
    },

    async create(adminId: string, body: CreateBody): Promise<SiteNotification> {
      const content = cleanContent(body.content);
      const validFrom = new Date(body.valid_from);
      const validUntil = endOf(body.valid_until);
      checkDates(validFrom, validUntil);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await repo.insertNotification(tx, {
          identifier: body.identifier,
          content,
          bgColor: body.bg_color,
          textColor: body.text_color,
          iconColor: body.icon_color,
          validFrom,
          validUntil,
          isActive: body.is_active,
          createdAt: now,
          updatedAt: now,
        });
        if (!row) throw conflict(`The identifier ${body.identifier} is already used by another notification.`, { field: 'identifier' });
        const view = notificationView(row);
        await audit.record(tx, { adminId, area: 'notifications', action: 'notification.create', targetId: row.uuid, after: editable(view) });
        return view;
      });
    },

    /** Any of the fields; the identifier is fixed after creation (a different one is refused, naming it). */
    async update(adminId: string, uuid: string, body: UpdateBody): Promise<SiteNotification> {
      return db.transaction(async (tx: DbOrTx) => {
        const row = await repo.notificationByUuid(tx, uuid);
        if (!row) throw notificationNotFound();
        if (body.identifier !== undefined && body.identifier !== row.identifier) {
          throw badRequest('The identifier cannot be changed after the notification is created.', { field: 'identifier' });
        }
        const validFrom = body.valid_from !== undefined ? new Date(body.valid_from) : row.validFrom;
        const validUntil = body.valid_until !== undefined ? endOf(body.valid_until) : row.validUntil;
        checkDates(validFrom, validUntil);
        const values: Partial<repo.NewNotification> = {
          ...(body.content !== undefined && { content: cleanContent(body.content) }),
          ...(body.bg_color !== undefined && { bgColor: body.bg_color }),
          ...(body.text_color !== undefined && { textColor: body.text_color }),
          ...(body.icon_color !== undefined && { iconColor: body.icon_color }),
          ...(body.is_active !== undefined && { isActive: body.is_active }),
          validFrom,
          validUntil,
        };
        const before = notificationView(row);
        const diff = changes(editable(before), editable(notificationView({ ...row, ...values })));
        if (diff.keys.length === 0) return before;
        const updated = await repo.updateNotification(tx, uuid, { ...values, updatedAt: clock.now() });
        if (!updated) throw notificationNotFound();
        const action = diff.keys.length === 1 && diff.keys[0] === 'is_active' ? 'notification.toggle' : 'notification.update';
        await audit.record(tx, { adminId, area: 'notifications', action, targetId: uuid, before: diff.before, after: diff.after });
        return notificationView(updated);
      });
    },

    async remove(adminId: string, uuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.deleteNotification(tx, uuid);
        if (!row) throw notificationNotFound();
        await audit.record(tx, { adminId, area: 'notifications', action: 'notification.delete', targetId: uuid, before: editable(notificationView(row)) });
      });
    },
  };
}
