/** The admin area's statistics tab (spec 3 §2). */
export function StatisticsTab() {
  return <p className="text-sm text-slate-600">Coming in this issue.</p>;
}
