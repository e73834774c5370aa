/** The admin area's users tab (spec 3 §2). */
export function UsersTab() {
  return <p className="text-sm text-slate-600">Coming in this issue.</p>;
}
