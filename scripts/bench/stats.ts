/** Small helpers shared by the benchmarks: timing, percentiles, and a side-by-side table. */
import fs from 'node:fs';
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

/**
 * One line of the table `npm run bench` prints: a measure side by side with its anchor (the baseline measured in
 * the same run), the ratio between them, and the goal that ratio or figure is held to.
 */
export interface BenchResult {
  /** The benchmark's file name without .ts, e.g. 'profile'. */
  benchmark: string;
  /** What was measured, e.g. 'GET /api/auth/profile (PostgreSQL) req/s'. */
  measure: string;
  value: number;
  unit: string;
  /** The baseline measured side by side, e.g. 'bare Fastify + pg, one query'; absent for an absolute figure. */
  anchor?: string;
  anchorValue?: number;
  /** value ÷ anchorValue, or anchorValue ÷ value when lower is better; say which in `better`. */
  ratio?: number;
  /** 'higher' when a bigger value is better (throughput), 'lower' for times. */
  better: 'higher' | 'lower';
  /** The goal in words, e.g. 'ratio ≥ 0.50' or 'p95 < 20 ms'. */
  goal?: string;
  /** Whether the goal is met; absent when there is no goal. */
  met?: boolean;
}

/**
 * Prints nothing; adds the results to the report `npm run bench` collects (the file named by BENCH_REPORT, one
 * JSON object a line). A benchmark run on its own (no BENCH_REPORT) still prints its own table.
 */
export function report(results: BenchResult[]): void {
  const file = process.env.BENCH_REPORT;
  if (!file) return;
  fs.appendFileSync(file, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/** A ratio with its direction: how many times better (≥ 1) or worse (< 1) the measure is than its anchor. */
export function ratioOf(value: number, anchorValue: number, better: 'higher' | 'lower'): number {
  if (value <= 0 || anchorValue <= 0) return 0;
  return better === 'higher' ? value / anchorValue : anchorValue / value;
}
