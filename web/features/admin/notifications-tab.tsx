/** The admin area's notifications tab (spec 3 §2). */
export function NotificationsTab() {
  return <p className="text-sm text-slate-600">Coming in this issue.</p>;
}
