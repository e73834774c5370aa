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
