import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, CircleHelp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminFaq } from '../../../contract/site.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { adminWriteError } from './admin-errors.ts';
import { AdminLoadError, AdminLoading } from './admin-states.tsx';
import { adminFaqsQuery, useDeleteFaq, useOrderFaqs } from './faq-api.ts';
import { FaqForm } from './faq-form.tsx';

/** The list with one entry moved by one place. */
export function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** System Settings → FAQ (beyond the spec): the questions on /about, in order, active or hidden. */
export function FaqSection() {
  const faqs = useQuery(adminFaqsQuery);
  const order = useOrderFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<AdminFaq | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminFaq | null>(null);
  const ids = faqs.data?.map((f) => f.id) ?? [];

  return (
    <Card aria-label="FAQ">
      <CardHeader
        title="FAQ"
        description="The questions and answers on the About page, in the order shown."
        icon={<CircleHelp className="size-5" aria-hidden />}
        action={
          editing === null && (
            <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing('new')}>
              Add question
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        {editing === 'new' && <FaqForm faq={null} onDone={() => setEditing(null)} />}
        {order.isError && <Alert tone="error">{adminWriteError(order.error, 'Failed to reorder the FAQ')}</Alert>}
        {faqs.isPending ? (
          <AdminLoading label="Loading the FAQ…" />
        ) : faqs.isError ? (
          <AdminLoadError error={faqs.error} />
        ) : faqs.data.length === 0 ? (
          <p className="text-sm text-slate-600">No questions yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {faqs.data.map((faq, index) =>
              editing !== 'new' && editing?.id === faq.id ? (
                <li key={faq.id} className="py-3">
                  <FaqForm faq={faq} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={faq.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      <span className="break-words">{faq.question}</span>
                      {!faq.is_active && <Badge tone="amber">Hidden</Badge>}
                      <Badge>{faq.category}</Badge>
                    </p>
                    <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-slate-600">{faq.answer}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <Button variant="ghost" size="sm" aria-label={`Move up: ${faq.question}`} disabled={index === 0 || order.isPending} onClick={() => order.mutate(moved(ids, index, -1))}>
                      <ArrowUp className="size-4" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={`Move down: ${faq.question}`} disabled={index === ids.length - 1 || order.isPending} onClick={() => order.mutate(moved(ids, index, 1))}>
                      <ArrowDown className="size-4" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={`Edit: ${faq.question}`} onClick={() => setEditing(faq)}>
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={`Delete: ${faq.question}`} onClick={() => setDeleting(faq)} className="text-red-700 hover:bg-red-50">
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                </li>
              ),
            )}
          </ol>
        )}
      </CardBody>
      {deleting && (
        <ConfirmDialog
          title="Delete this question?"
          message={`"${deleting.question}" is removed from the About page.`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.isError ? adminWriteError(remove.error, 'Failed to delete the FAQ entry') : null}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
    </Card>
  );
}
