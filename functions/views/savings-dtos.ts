/**
 * A child's savings goals and spend / save / give jars as the API shows them (issue 22, decision
 * 054): amounts in the family currency's decimals (`formatMinor`). The rules they show (the jar
 * split, the savings, each goal's progress and weeks to go) are in functions/domain/savings.ts.
 */
import type { ChildMoneyDto, GoalDto, JarsDto, MoneySettingsDto } from '../../shared/api-types';
import { formatMinor } from '../../shared/money';
import { childShare, type ChildSavings, type Goal, type GoalProgress, type JarAmounts, type MoneyView } from '../domain/savings';

export function goalDto(g: Goal, progress: GoalProgress, weeks: number | null, currency: string): GoalDto {
  const m = (minor: number) => formatMinor(minor, currency);
  return {
    id: g.goalId,
    childId: g.childId,
    name: g.name,
    icon: g.icon,
    target: m(g.targetCents),
    topUpPercent: g.topUpPercent,
    childShare: m(childShare(g.targetCents, g.topUpPercent)),
    saved: m(progress.savedCents),
    progress: m(progress.progressCents),
    percent: progress.percent,
    weeksToGo: progress.status === 'saving' ? weeks : null,
    status: progress.status,
    createdAt: g.createdAt,
    createdBy: { role: g.createdBy.role, name: g.createdBy.name },
    ...(g.reachedAt ? { reachedAt: g.reachedAt } : {}),
    celebrated: Boolean(g.celebratedAt),
    ...(g.bought ? { bought: { at: g.bought.at, by: g.bought.by.name, fromSavings: m(g.bought.fromSavingsCents), topUp: m(g.bought.topUpCents), ...(g.bought.fromOwedCents ? { fromOwed: m(g.bought.fromOwedCents) } : {}) } } : {}),
  };
}

export function jarsDto(jars: JarAmounts, currency: string): JarsDto {
  return { spend: formatMinor(Math.max(0, jars.spend), currency), save: formatMinor(Math.max(0, jars.save), currency), give: formatMinor(Math.max(0, jars.give), currency) };
}

export function childMoneyDto(child: { childId: string; displayName: string }, money: MoneySettingsDto, s: ChildSavings, view: MoneyView): ChildMoneyDto {
  return {
    childId: child.childId,
    displayName: child.displayName,
    money,
    jars: money.jars ? jarsDto(s.jars, money.currency) : null,
    savings: formatMinor(view.savingsCents, money.currency),
    weeklyPace: formatMinor(view.pace.weeklyCents, money.currency),
    goals: view.goals.map((g) => goalDto(g.goal, g.progress, g.weeksToGo, money.currency)),
  };
}
