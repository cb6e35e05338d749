import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { ChildDto, ChoreDto } from '../../../../shared/api-types';
import { FORM_MESSAGES } from '../../../../shared/messages';
import { dateInWeek, longDate, WEEKDAY_NAMES as DAY_LONG, WEEKDAY_SHORT as DAY_SHORT, WEEKDAYS, type Weekday } from '../../../../shared/time';
import { familyCalls, refreshFamily, useChildren, useChores, useDashboard } from '../../api/family';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../lib/use-money';
import { DialogFrame, useFormDialog } from '../form/dialog-frame';
import { CategoryChip } from './category-chip';
import { errorToast } from '../toast';

export interface WeeklySchedulerDialogProps {
  open: boolean;
  onClose: () => void;
  /** Which children to schedule; all of them when absent. */
  childIds?: string[];
}

/** The scheduler's largest width (Tailwind's 6xl, 72rem) and height (90 % of the viewport), spec section 2. */
export const SCHEDULER_MAX_WIDTH_PX = 1152;
export const SCHEDULER_HEIGHT = '90vh';

const CATEGORY_ORDER = { daily: 0, weekly: 1, continuous: 2 } as const;

/** Days chosen per child-and-chore pair, keyed `${childId}|${choreId}`, always in Sunday-first order. */
export type Selection = Record<string, readonly Weekday[]>;
const pairKey = (childId: string, choreId: string) => `${childId}|${choreId}`;
const sameDays = (a: readonly Weekday[] = [], b: readonly Weekday[] = []) => a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * The selection the dialog opens with: a dated assignment of this week marks its day; a continuous
 * one marks its days, or all seven when it has none (active every day). Saving sends all seven back
 * as [] so "every day" keeps one spelling.
 */
export function initialSelection(children: readonly ChildDto[], weekStart: string): Selection {
  const sets: Record<string, Set<Weekday>> = {};
  for (const child of children) {
    for (const a of child.assignments) {
      const set = (sets[pairKey(child.id, a.choreId)] ??= new Set());
      if (a.isContinuous) for (const d of a.daysOfWeek.length ? a.daysOfWeek : WEEKDAYS) set.add(d);
      else if (a.dayOfWeek && (a.weekStart === null || a.weekStart === weekStart)) set.add(a.dayOfWeek);
    }
  }
  return Object.fromEntries(Object.entries(sets).map(([k, s]) => [k, WEEKDAYS.filter((d) => s.has(d))]));
}

/** The chores a child may do (difficulty at or below the child's limit), daily, weekly, then continuous. */
export function choresFor(child: Pick<ChildDto, 'maxDifficultyLevel'>, chores: readonly ChoreDto[]): ChoreDto[] {
  return chores
    .filter((c) => (c.difficultyLevel || 3) <= child.maxDifficultyLevel)
    .sort((a, b) => CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || a.name.localeCompare(b.name));
}

/** The Weekly Chore Scheduler (spec sections 2 and 4). */
export function WeeklySchedulerDialog({ open, onClose, childIds }: WeeklySchedulerDialogProps) {
  const { toast, frame } = useFormDialog(onClose, open);
  const queryClient = useQueryClient();
  const childrenQuery = useChildren();
  const choresQuery = useChores();
  const dashboardQuery = useDashboard();
  const weekStart = dashboardQuery.data?.weekStart;

  const idsKey = childIds?.join(',') ?? '';
  const children = useMemo(() => {
    const all = childrenQuery.data ?? [];
    return idsKey ? all.filter((c) => idsKey.split(',').includes(c.id)) : all;
  }, [childrenQuery.data, idsKey]);
  const rowsByChild = useMemo(
    () => children.map((child) => ({ child, chores: choresFor(child, choresQuery.data ?? []) })),
    [children, choresQuery.data],
  );

  const [initial, setInitial] = useState<Selection | null>(null);
  const [selection, setSelection] = useState<Selection>({});
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState({ done: 0, total: 0 });

  // Built once per opening, from settled data (not a cached copy being refetched after a change):
  // later refreshes must not undo the parent's clicks.
  const ready = Boolean(childrenQuery.data && choresQuery.data && weekStart && !childrenQuery.isFetching && !choresQuery.isFetching);
  useEffect(() => {
    if (!open) {
      setInitial(null);
      return;
    }
    if (ready && initial === null && weekStart) {
      const built = initialSelection(children, weekStart);
      setInitial(built);
      setSelection(built);
    }
  }, [open, ready, initial, children, weekStart]);

  const toggle = useCallback((childId: string, choreId: string, day: Weekday) => {
    setSelection((prev) => {
      const key = pairKey(childId, choreId);
      const days = new Set(prev[key] ?? []);
      if (days.has(day)) days.delete(day);
      else days.add(day);
      return { ...prev, [key]: WEEKDAYS.filter((d) => days.has(d)) };
    });
  }, []);

  const selectedCount = rowsByChild.reduce(
    (sum, { child, chores }) => sum + chores.reduce((n, chore) => n + (selection[pairKey(child.id, chore.id)]?.length ?? 0), 0),
    0,
  );

  const save = async () => {
    if (!weekStart || !initial) return;
    if (selectedCount === 0) {
      toast({ variant: 'destructive', ...FORM_MESSAGES.noAssignmentsSelected });
      return;
    }
    const pairs = rowsByChild.flatMap(({ child, chores }) => chores.map((chore) => ({ child, chore, days: selection[pairKey(child.id, chore.id)] ?? [] })));
    const dated = pairs.flatMap(({ child, chore, days }) =>
      chore.category === 'continuous' ? [] : days.map((day) => ({ childId: child.id, choreId: chore.id, day })),
    );
    // Continuous pairs whose days did not change are left alone: deleting one drops its completions.
    const continuous = pairs.filter(({ child, chore, days }) => chore.category === 'continuous' && !sameDays(days, initial[pairKey(child.id, chore.id)]));

    setSaving(true);
    setProgress({ done: 0, total: children.length + dated.length + continuous.length });
    const step = () => setProgress((p) => ({ ...p, done: p.done + 1 }));
    try {
      try {
        for (const child of children) {
          await familyCalls.clearWeek(child.id, weekStart);
          step();
        }
        for (const { childId, choreId, day } of dated) {
          await familyCalls.createAssignment({ childId, choreId, weekStart, assignedDate: dateInWeek(weekStart, day), dayOfWeek: day });
          step();
        }
      } catch {
        toast(errorToast('Failed to schedule chores'));
        void refreshFamily(queryClient);
        return;
      }
      try {
        for (const { child, chore, days } of continuous) {
          try {
            await familyCalls.deleteContinuous(child.id, chore.id);
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 404)) throw error;
          }
          if (days.length > 0) {
            await familyCalls.createContinuous({ childId: child.id, choreId: chore.id, daysOfWeek: days.length === WEEKDAYS.length ? [] : [...days] });
          }
          step();
        }
      } catch {
        toast(errorToast('Failed to update continuous assignments'));
        void refreshFamily(queryClient);
        return;
      }
      // The pages show the new schedule as the dialog closes.
      await refreshFamily(queryClient).catch(() => undefined);
      toast({ title: 'Success!', description: 'Chores have been scheduled successfully' });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const clearAll = () => setSelection({});
  const error = childrenQuery.error ?? choresQuery.error ?? dashboardQuery.error;
  const singleChild = childIds?.length === 1 ? children[0] : undefined;

  return (
    <DialogFrame
      {...frame}
      busy={saving}
      title={singleChild ? `Weekly Chore Scheduler: ${singleChild.displayName}` : 'Weekly Chore Scheduler'}
      subtitle={
        weekStart
          ? `Week of ${longDate(weekStart)}. Tap a day to add or remove a chore on it.`
          : 'Tap a day to add or remove a chore on it.'
      }
      maxWidth={false}
      dense
      paperSx={{ maxWidth: { sm: SCHEDULER_MAX_WIDTH_PX }, height: { sm: SCHEDULER_HEIGHT } }}
      actions={
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} aria-live="polite">
            {selectedCount} {selectedCount === 1 ? 'day' : 'days'} selected
          </Typography>
          <Button onClick={clearAll} disabled={saving || selectedCount === 0}>
            Clear All
          </Button>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving || !initial}>
            {saving ? 'Scheduling...' : 'Save Schedule'}
          </Button>
        </>
      }
    >
      {saving && (
        <LinearProgress
          variant="determinate"
          value={progress.total ? (100 * progress.done) / progress.total : 0}
          aria-label="Scheduling progress"
          sx={{ position: 'sticky', top: 0, zIndex: 1 }}
        />
      )}
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        {error ? (
          <Alert severity="error">Could not load the family’s children and chores. Close and try again.</Alert>
        ) : !initial ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading the schedule" />
          </Box>
        ) : rowsByChild.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No children added yet
          </Typography>
        ) : (
          <Stack spacing={3}>
            {rowsByChild.map(({ child, chores }) => (
              <Box component="section" key={child.id} aria-labelledby={`sched-${child.id}`}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <Avatar src={child.profileImageUrl} alt="" sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontWeight: 800 }}>
                    {child.displayName.charAt(0).toUpperCase()}
                  </Avatar>
                  <Typography id={`sched-${child.id}`} variant="h6" component="h3">
                    {child.displayName}
                  </Typography>
                </Stack>
                {chores.length === 0 ? (
                  <Typography color="text.secondary">No chores at or below {child.displayName}’s difficulty level</Typography>
                ) : (
                  <Stack spacing={1} role="list" aria-label={`${child.displayName}’s chores`}>
                    {chores.map((chore) => (
                      <ScheduleRow
                        key={chore.id}
                        childId={child.id}
                        childName={child.displayName}
                        chore={chore}
                        days={selection[pairKey(child.id, chore.id)]}
                        disabled={saving}
                        onToggle={toggle}
                      />
                    ))}
                  </Stack>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </DialogFrame>
  );
}

interface ScheduleRowProps {
  childId: string;
  childName: string;
  chore: ChoreDto;
  days: readonly Weekday[] | undefined;
  disabled: boolean;
  onToggle: (childId: string, choreId: string, day: Weekday) => void;
}

/** One chore for one child: its name, badge and amount, then the seven day cells. Memoised: 250 toggles must stay snappy. */
const ScheduleRow = memo(function ScheduleRow({ childId, childName, chore, days, disabled, onToggle }: ScheduleRowProps) {
  const chosen = new Set(days ?? []);
  const money = useMoney();
  return (
    <Box
      role="listitem"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 1fr) auto' },
        alignItems: 'center',
        gap: { xs: 1, md: 2 },
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: '14px',
        bgcolor: chosen.size ? 'rgba(91, 60, 196, 0.04)' : 'background.paper',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>{chore.name}</Typography>
        <CategoryChip category={chore.category} />
        <Typography variant="body2" sx={{ fontWeight: 700, color: 'success.main' }}>
          {money.amount(chore.amount)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5, minWidth: { md: 7 * 52 } }}>
        {WEEKDAYS.map((day) => {
          const on = chosen.has(day);
          return (
            <ToggleButton
              key={day}
              value={day}
              selected={on}
              disabled={disabled}
              onChange={() => onToggle(childId, chore.id, day)}
              aria-label={`${childName}: ${chore.name} on ${DAY_LONG[day]}`}
              size="small"
              color="primary"
              sx={{
                px: 0,
                py: 0.75,
                minWidth: 0,
                borderRadius: 2,
                fontWeight: 700,
                textTransform: 'none',
                '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
              }}
            >
              {DAY_SHORT[day]}
            </ToggleButton>
          );
        })}
      </Box>
    </Box>
  );
});
