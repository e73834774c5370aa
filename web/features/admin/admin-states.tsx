import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { adminLoadError } from './admin-errors.ts';

/** Spec 3 §2: a failed admin load reads 'Admin Error', 'Error loading admin component' and the error text. */
export function AdminLoadError({ error, serverError }: { error: unknown; serverError?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{ADMIN_MESSAGES.loadErrorTitle}</p>
      <p className="mt-1">{ADMIN_MESSAGES.loadErrorLead}</p>
      <p className="mt-1 break-words text-red-800">{adminLoadError(error, serverError)}</p>
    </div>
  );
}

/** The loading line of an admin panel. */
export function AdminLoading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-500" role="status">
      <Spinner className="size-4" /> {label}
    </p>
  );
}

/** A tab that throws while rendering shows the admin error instead of taking the whole page down. */
export class AdminErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Admin component failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <AdminLoadError error={this.state.error} /> : this.props.children;
  }
}
