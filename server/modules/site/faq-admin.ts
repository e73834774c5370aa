import type { z } from 'zod';
import type { AdminFaq, faqCreateBody, faqUpdateBody } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repo from './repository.ts';

type CreateBody = z.output<typeof faqCreateBody>;
type UpdateBody = z.output<typeof faqUpdateBody>;
type Editable = Omit<AdminFaq, 'id' | 'sort_order'>;

function faqView(row: repo.FaqRow): AdminFaq {
  return {
    id: row.id,
    category: row.category,
    language: row.language,
    question: row.question,
    answer: row.answer,
    sort_order: row.sortOrder,
    is_active: row.isActive,
  };
}

function editable(view: AdminFaq): Editable {
  return { category: view.category, language: view.language, question: view.question, answer: view.answer, is_active: view.is_active };
}

const faqNotFound = () => notFound('FAQ entry not found');

/**
 * The FAQ editor of System Settings (beyond the spec): every entry, active or not, added, edited, removed and put in
 * order. Answers are plain text (the public pages render them as text). Audited under 'settings'; the public
 * GET /api/faqs reads the same rows.
 */
export function createFaqAdmin(deps: { db: Db; clock: Clock; audit: AuditRecorder }) {
  const { db, clock, audit } = deps;

  return {
    async list(): Promise<AdminFaq[]> {
      return (await repo.allFaqs(db)).map(faqView);
    },

    async create(adminId: string, body: CreateBody): Promise<AdminFaq> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await repo.insertFaqLast(tx, {
          question: body.question,
          answer: body.answer,
          category: body.category,
          language: body.language,
          isActive: body.is_active,
          createdAt: now,
          updatedAt: now,
        });
        const view = faqView(row);
        await audit.record(tx, { adminId, area: 'settings', action: 'faq.create', targetId: String(row.id), after: editable(view) });
        return view;
      });
    },

    async update(adminId: string, id: number, body: UpdateBody): Promise<AdminFaq> {
      return db.transaction(async (tx) => {
        const row = await repo.faqById(tx, id);
        if (!row) throw faqNotFound();
        const before = editable(faqView(row));
        const wanted: Editable = { ...before, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
        const keys = (Object.keys(wanted) as Array<keyof Editable>).filter((k) => wanted[k] !== before[k]);
        if (keys.length === 0) return faqView(row);
        const updated = await repo.updateFaq(tx, id, {
          question: wanted.question,
          answer: wanted.answer,
          category: wanted.category,
          language: wanted.language,
          isActive: wanted.is_active,
          updatedAt: clock.now(),
        });
        if (!updated) throw faqNotFound();
        await audit.record(tx, {
          adminId,
          area: 'settings',
          action: 'faq.update',
          targetId: String(id),
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: Object.fromEntries(keys.map((k) => [k, wanted[k]])),
        });
        return faqView(updated);
      });
    },

    async remove(adminId: string, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.deleteFaq(tx, id);
        if (!row) throw faqNotFound();
        await audit.record(tx, { adminId, area: 'settings', action: 'faq.delete', targetId: String(id), before: editable(faqView(row)) });
      });
    },

    /** `order` must name every entry once; the list answered is in the new order. */
    async reorder(adminId: string, order: number[]): Promise<AdminFaq[]> {
      if (new Set(order).size !== order.length) throw badRequest('Each FAQ entry may appear only once in the order.', { field: 'order' });
      return db.transaction(async (tx) => {
        const rows = await repo.allFaqs(tx);
        const current = rows.map((r) => r.id);
        const known = new Set(current);
        if (order.length !== current.length || order.some((id) => !known.has(id))) {
          throw conflict('The FAQ list has changed since it was loaded; reload it and try again.', { field: 'order' });
        }
        if (order.every((id, i) => id === current[i])) return rows.map(faqView);
        await repo.setFaqOrder(tx, order, clock.now());
        await audit.record(tx, { adminId, area: 'settings', action: 'faq.reorder', before: { order: current }, after: { order } });
        return (await repo.allFaqs(tx)).map(faqView);
      });
    },
  };
}
