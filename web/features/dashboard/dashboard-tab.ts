import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_TAB_STORAGE_KEY, DASHBOARD_TABS, DEFAULT_DASHBOARD_TAB, type DashboardTab } from '../../../contract/constants.ts';

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && (DASHBOARD_TABS as readonly string[]).includes(value);
}

export function readStoredTab(): DashboardTab {
  try {
    const stored = window.localStorage.getItem(DASHBOARD_TAB_STORAGE_KEY);
    return isDashboardTab(stored) ? stored : DEFAULT_DASHBOARD_TAB;
  } catch {
    return DEFAULT_DASHBOARD_TAB;
  }
}

export function storeTab(tab: DashboardTab): void {
  try {
    window.localStorage.setItem(DASHBOARD_TAB_STORAGE_KEY, tab);
  } catch {
    // Storage can be unavailable (private mode); the tab then just isn't remembered.
  }
}

/**
 * The active dashboard tab: `?tab=` wins (the header's credit chip links to ?tab=credits), else the one remembered
 * in localStorage, else user-info. Choosing a tab remembers it and drops `?tab=` from the address.
 */
export function useDashboardTab(): [DashboardTab, (tab: DashboardTab) => void] {
  const [params, setParams] = useSearchParams();
  const queryTab = params.get('tab');
  const [stored, setStored] = useState<DashboardTab>(() => (isDashboardTab(queryTab) ? queryTab : readStoredTab()));
  const tab = isDashboardTab(queryTab) ? queryTab : stored;

  // A new valid ?tab= becomes the remembered tab too. Adjusted while rendering when the parameter changes (not an
  // effect's extra pass), and only then: right after a tab is chosen the old ?tab= is still in the address.
  const [seenQueryTab, setSeenQueryTab] = useState(queryTab);
  if (seenQueryTab !== queryTab) {
    setSeenQueryTab(queryTab);
    if (isDashboardTab(queryTab)) setStored(queryTab);
  }
  useEffect(() => {
    if (isDashboardTab(queryTab)) storeTab(queryTab);
  }, [queryTab]);

  const select = (next: DashboardTab) => {
    storeTab(next);
    setStored(next);
    if (params.has('tab')) {
      const rest = new URLSearchParams(params);
      rest.delete('tab');
      setParams(rest, { replace: true });
    }
  };

  return [tab, select];
}
