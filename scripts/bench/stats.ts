/** Small helpers shared by the benchmarks: timing, percentiles, and a side-by-side table. */
export async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<{ totalMs: number; samples: number[] }> {
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return { totalMs: performance.now() - start, samples };
}

/** Runs `n` calls with `concurrency` in flight; answers the wall time. */
export async function timeConcurrent(n: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  return performance.now() - start;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

export function table(rows: Array<Record<string, string | number>>): string {
  const headers = Object.keys(rows[0] ?? {});
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(headers.map((h) => String(r[h]))))].join('\n');
}
