import { useEffect } from 'react';
import { APP_NAME, APP_TAGLINE } from '../../contract/constants.ts';

export function documentTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : `${APP_NAME} · ${APP_TAGLINE}`;
}

/** Sets document.title while the page is shown. No title gives "Ampkit · The creator's AI toolkit". */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
