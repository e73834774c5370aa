import { useState } from 'react';
import { ADMIN_TAB_IDS, ADMIN_TAB_STORAGE_KEY, DEFAULT_ADMIN_TAB, type AdminTabId } from '../../../contract/admin.ts';

export function isAdminTab(value: unknown): value is AdminTabId {
  return typeof value === 'string' && (ADMIN_TAB_IDS as readonly string[]).includes(value);
}

function readStoredTab(): AdminTabId {
  try {
    const stored = window.localStorage.getItem(ADMIN_TAB_STORAGE_KEY);
    return isAdminTab(stored) ? stored : DEFAULT_ADMIN_TAB;
  } catch {
    return DEFAULT_ADMIN_TAB;
  }
}

/** The open admin tab: the last one chosen (local storage), else User Management (spec 3 §2). */
export function useAdminTab(): [AdminTabId, (tab: AdminTabId) => void] {
  const [tab, setTab] = useState<AdminTabId>(readStoredTab);
  const select = (next: AdminTabId) => {
    setTab(next);
    try {
      window.localStorage.setItem(ADMIN_TAB_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the tab then just isn't remembered.
    }
  };
  return [tab, select];
}
