import { useSyncExternalStore } from 'react';

/**
 * The global "a generation is running" flag (spec 1 §2 Header): while it is set the header's Create menu is
 * disabled. Tools call setJobRunning(true) when they start a job and setJobRunning(false) when it settles.
 */
let running = false;
const listeners = new Set<() => void>();

export function setJobRunning(value: boolean): void {
  if (running === value) return;
  running = value;
  for (const listener of listeners) listener();
}

export function isJobRunning(): boolean {
  return running;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useJobRunning(): boolean {
  return useSyncExternalStore(subscribe, isJobRunning, isJobRunning);
}

export const JOB_RUNNING_HINT = 'Please wait for the current job to complete';
