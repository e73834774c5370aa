import { useEffect, useState } from 'react';

/** Whole seconds since `running` became true (0 while it is false); ticks once a second. */
export function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  // Each start (and stop) counts from 0 again. Reset while rendering, React's pattern for state that follows a
  // prop, so a new run never shows the last run's figure for a frame.
  const [wasRunning, setWasRunning] = useState(running);
  if (wasRunning !== running) {
    setWasRunning(running);
    setSeconds(0);
  }
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return running ? seconds : 0;
}

/**
 * Whole seconds since the time `since` (ms since the epoch; null: 0), never below 0 (a clock read before a new `since`
 * reads 0 until the next tick); ticks once a second.
 */
export function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}
