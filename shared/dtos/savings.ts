/**
 * Saving toward something, in the family's own currency (issue 22, decision 054). Money is the API's decimal string, dates are ISO `YYYY-MM-DD` in the family's time
 * zone, weekdays lowercase. Read through shared/api-types.ts.
 */

// ---- Saving toward something, in the family's own currency (issue 22, decision 054) -------------
//
// Every amount string below is the API's decimal string in the family's currency's decimals
// ("12.50", JPY "500", KWD "1.250"); screens format it with `formatAmount(amount, money)`.

/** A spend / save / give split in whole percent, summing to 100. */
export interface JarSplitDto {
  spend: number;
  save: number;
  give: number;
}

/**
 * GET/PUT /api/family/money: the family's currency (ISO 4217), the locale amounts are written in
 * (BCP 47) and its jar split (null: jars off). Also in `ParentUserDto.money` and `ChildUserDto.money`.
 */
export interface MoneySettingsDto {
  currency: string;
  locale: string;
  jars: JarSplitDto | null;
}

/** The icons a goal may have (MUI icons on screen; no uploads). */
export const GOAL_ICONS = ['toy', 'game', 'book', 'bike', 'ball', 'music', 'art', 'gift', 'treat', 'trip', 'phone', 'pet'] as const;
export type GoalIcon = (typeof GOAL_ICONS)[number];

/** A savings goal of a child. */
export interface GoalDto {
  id: string;
  childId: string;
  name: string;
  icon: GoalIcon;
  /** What it costs. */
  target: string;
  /** The family adds this percent of what the child saves toward it ("we add 50%"); 0 for none. */
  topUpPercent: number;
  /** What the child must save themselves: target ÷ (1 + top-up), rounded up to the minor unit. */
  childShare: string;
  /** What the child has saved toward it so far (its part of the savings, oldest goal first), at most `childShare`. */
  saved: string;
  /** `saved` plus the top-up it earns: the progress toward `target` (at most `target`). */
  progress: string;
  /** 0–100, rounded down (100 only when reached). */
  percent: number;
  /**
   * "About N more weeks at this pace": whole weeks to save the rest at the average weekly saving of
   * the last 4 weeks (the save jar's share of it when jars are on); null when reached, bought, or
   * nothing was saved in those weeks.
   */
  weeksToGo: number | null;
  status: 'saving' | 'reached' | 'bought';
  createdAt: string;
  createdBy: { role: 'parent' | 'child'; name: string };
  /** When progress first reached the target. */
  reachedAt?: string;
  /** The child has seen the celebration (it shows once, on any device). */
  celebrated: boolean;
  /** A bought goal: when, by whom, and how it was paid. */
  bought?: {
    at: string;
    by: string;
    fromSavings: string;
    topUp: string;
    /** Jars off: the part of `fromSavings` that was still owed; the purchase settled it, so what is owed went down by as much. */
    fromOwed?: string;
  };
}

/** The three jars' balances (jars on). */
export interface JarsDto {
  spend: string;
  save: string;
  give: string;
}

/**
 * GET /api/children/{id}/money (a parent, or that child) and GET /api/child/money (the signed-in
 * child): a child's savings, jars and goals.
 */
export interface ChildMoneyDto {
  childId: string;
  displayName: string;
  money: MoneySettingsDto;
  /** Jar balances; null when the family has jars off. */
  jars: JarsDto | null;
  /** What goals draw from: the save jar (jars on) or what was earned since saving began (jars off), less what goals spent. */
  savings: string;
  /** Average weekly saving over the last 4 full weeks (the pace `weeksToGo` uses). */
  weeklyPace: string;
  /** Active goals oldest first, then bought ones newest first (the last 10). */
  goals: GoalDto[];
}

/** POST /api/children/{id}/goals and /api/child/goals: a new goal. */
export interface GoalInputDto {
  name: string;
  target: string;
  icon: GoalIcon;
  /** Parents only (a child's goal starts with none; a parent may add it later). */
  topUpPercent?: number;
}

/** POST /api/children/{id}/jars/{jar}/withdrawal: money taken out of the spend or give jar (spent, given). */
export interface JarWithdrawalInputDto {
  amount: string;
  note?: string;
}
