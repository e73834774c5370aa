/**
 * The in-app low-balance notice (issue 29), part of the shell's lazily loaded corner for signed-in users: while the
 * balance is below the alert the user set (GET /api/account/spending, read again after every charge), one notice says
 * so, until dismissed for that crossing (kept in this browser under the crossing's time).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatCredits } from '../../lib/credits-format.ts';
import { spendingQueryOptions } from '../../lib/spending.ts';
import type { GenerationNotice } from './generation-panel.tsx';

const DISMISSED = 'ampkit.low-balance-dismissed';

function dismissedCrossing(): string | null {
  try {
    return localStorage.getItem(DISMISSED);
  } catch {
    return null;
  }
}

export function useLowBalanceNotice(): { notices: GenerationNotice[]; dismiss: (id: string) => void } {
  const spending = useQuery(spendingQueryOptions());
  const [dismissed, setDismissed] = useState(dismissedCrossing);
  const low = spending.data?.low_balance;
  const alert = spending.data?.low_balance_alert;
  const crossing = low ? (low.since ?? 'set') : null;
  const dismiss = useCallback(
    (id: string) => {
      if (id !== 'low-balance' || !crossing) return;
      try {
        localStorage.setItem(DISMISSED, crossing);
      } catch {
        // Private mode: dismissed for this page's life only.
      }
      setDismissed(crossing);
    },
    [crossing],
  );
  if (!low || !alert || crossing === dismissed) return { notices: [], dismiss };
  return {
    notices: [
      {
        id: 'low-balance',
        tone: 'warning',
        text: `Your balance is ${formatCredits(low.balance)} credits, below your alert of ${formatCredits(alert)}.`,
        link: '/dashboard?tab=credits',
        linkLabel: 'Top up or change the alert',
        title: 'Low balance',
      },
    ],
    dismiss,
  };
}
