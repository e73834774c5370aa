/** The admin area's referrers tab (spec 3 §2). */
export function ReferrersTab() {
  return <p className="text-sm text-slate-600">Coming in this issue.</p>;
}
