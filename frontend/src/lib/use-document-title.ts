import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/paths';

/** Sets the tab title: "Parent Login · ChoreQuest", or just "ChoreQuest" without a page title. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}
