/**
 * The secrets of e-mail links travel in the URL fragment (`/reset-password#token=…`), which the
 * browser never sends to a server (docs/account-api.md). A page reads it once, keeps it for the tab
 * (sessionStorage, so a reload of the page still works) and takes it out of the address bar, where
 * it would otherwise stay in the history, be copied with the URL or show on a shared screen.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const STORAGE_PREFIX = 'cq:link:';

/** The fragment's parameters: `#token=abc&next=reset-password` → token 'abc', next 'reset-password'. */
export function parseLinkFragment(hash: string): { token: string | null; next: string | null } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token')?.trim() || null;
  return { token, next: params.get('next') || null };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked: the link then works until the page is reloaded
  }
}

/** The link's fragment for this page: from the address bar when it has one, else what this tab kept of it. */
export function readLinkFragment(pathname: string, hash: string): string {
  const key = STORAGE_PREFIX + pathname;
  const store = storage();
  if (hash.length > 1) {
    store?.setItem(key, hash.slice(1));
    return hash.slice(1);
  }
  return store?.getItem(key) ?? '';
}

/** Forgets the link kept for a page once it has been used (or turned out not to work). */
export function forgetLinkFragment(pathname: string): void {
  storage()?.removeItem(STORAGE_PREFIX + pathname);
}

/**
 * The token (and `next`) of the e-mail link that opened this page. The fragment leaves the address
 * bar at once; `forget()` drops the tab's copy when the link is spent.
 */
export function useLinkFragment() {
  const location = useLocation();
  const navigate = useNavigate();
  const [fragment] = useState(() => parseLinkFragment(readLinkFragment(location.pathname, location.hash)));
  const hasHash = location.hash.length > 1;
  useEffect(() => {
    if (hasHash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [hasHash, navigate, location.pathname, location.search, location.state]);
  const { pathname } = location;
  return useMemo(() => ({ ...fragment, forget: () => forgetLinkFragment(pathname) }), [fragment, pathname]);
}
