/** The admin area's tools tab (spec 3 §2). */
export function ToolsTab() {
  return <p className="text-sm text-slate-600">Coming in this issue.</p>;
}
