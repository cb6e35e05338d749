/** The children page's money dialogs (issue 19: Reset Earnings' payout, a bonus or deduction), one chunk loaded on demand. */
import { lazy } from 'react';

const loadMoneyDialogs = () => import('./money-dialogs');

export const LazyPayoutDialog = lazy(() => loadMoneyDialogs().then((m) => ({ default: m.PayoutDialog })));
export const LazyAdjustmentDialog = lazy(() => loadMoneyDialogs().then((m) => ({ default: m.AdjustmentDialog })));
