/** The admin area's transactions tab (spec 3 §2). */
export function TransactionsTab() {
  return <p className="text-sm text-slate-600">Coming in this issue.</p>;
}
