/**
 * What the tool pages and the shell's running-generations panel tell each other (issue 24). Tiny on purpose: the
 * panel's lazy chunk and every tool page share it.
 * - A paid call that answered 202, or lost its answer to the network, asks the panel to read the active list again.
 * - A page that shows a running generation itself claims it, so the panel does not show it twice; when it releases it,
 *   it says whether the page showed its end (then the panel gives no notice: the user saw it there).
 */
const shown = new Map<string, number>();
const endedHere = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Something changed on the server's side (a 202, a lost answer): the panel reads the active list again. */
export function announceGenerations(): void {
  emit();
}

export function subscribeGenerations(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes with every announcement, claim and release (a useSyncExternalStore snapshot). */
export function generationsVersion(): number {
  return version;
}

/** A page shows this generation itself; call the returned release once it stops (`ended`: the page showed its end). */
export function claimGeneration(id: string): (ended: boolean) => void {
  shown.set(id, (shown.get(id) ?? 0) + 1);
  emit();
  let released = false;
  return (ended) => {
    if (released) return;
    released = true;
    const left = (shown.get(id) ?? 1) - 1;
    if (left > 0) shown.set(id, left);
    else shown.delete(id);
    if (ended) endedHere.add(id);
    emit();
  };
}

export const isShownHere = (id: string): boolean => shown.has(id);
export const wasEndedHere = (id: string): boolean => endedHere.has(id);
