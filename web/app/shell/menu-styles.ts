/** Shared look of the header's dropdown panels and their items. */
export const menuPanelClasses =
  'absolute z-50 mt-2 animate-fade-in rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10';
export const menuItemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900';
