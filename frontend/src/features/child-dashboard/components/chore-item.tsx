import BoltRounded from '@mui/icons-material/BoltRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EmojiPeopleRounded from '@mui/icons-material/EmojiPeopleRounded';
import EventRounded from '@mui/icons-material/EventRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import PaidRounded from '@mui/icons-material/PaidRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { PAID_TEXT } from '../../../../../shared/messages';
import type { AssignmentDto } from '../../../api/family';
import { difficultyText } from '../../../lib/chore-categories';
import { useMoney } from '../../../lib/use-money';
import { APPROVAL_TEXT, CATEGORY_LABEL, TICK_STAGE_LABEL, tickStage, type ApprovalState, type WeekDays } from '../model/chore-board';
import { OFFLINE_NOTICE_ID, useChoreTickerContext } from './use-chore-ticker';

/** Read by screen readers, not shown (the calendar card has no room for the paid hint). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, m: '-1px', p: 0 } as const;

const pop = keyframes`
  0% { transform: scale(0.6); }
  60% { transform: scale(1.25); }
  100% { transform: scale(1); }
`;

/** Category colours always come with the category's name, so colour is never the only cue. */
export const CATEGORY_STYLE = {
  daily: { bg: 'tone.sun.bg', fg: 'tone.sun.fg', accent: '#f2b705' },
  weekly: { bg: 'tone.sky.bg', fg: 'tone.sky.fg', accent: '#3b82f6' },
  continuous: { bg: 'tone.leaf.bg', fg: 'tone.leaf.fg', accent: '#22a559' },
} as const;

export type CategoryKey = keyof typeof CATEGORY_STYLE;
export const categoryOf = (a: AssignmentDto): CategoryKey => (a.isContinuous ? 'continuous' : a.chore.category);

export function Pill({ children, bg, fg, icon, wrap = false }: { children: ReactNode; bg: string; fg: string; icon?: ReactNode; wrap?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.4,
        px: 1,
        py: 0.25,
        borderRadius: 99,
        bgcolor: bg,
        color: fg,
        fontSize: '0.75rem',
        fontWeight: 800,
        lineHeight: 1.5,
        // A long tag (waiting for an OK) may wrap in a narrow calendar card.
        whiteSpace: wrap ? 'normal' : 'nowrap',
        ...(wrap ? { borderRadius: 2, maxWidth: '100%' } : {}),
        '& svg': { fontSize: '0.95rem', flexShrink: 0 },
      }}
    >
      {icon}
      {children}
    </Box>
  );
}

export function CategoryPill({ assignment }: { assignment: AssignmentDto }) {
  const key = categoryOf(assignment);
  const style = CATEGORY_STYLE[key];
  return (
    <Pill bg={style.bg} fg={style.fg}>
      {CATEGORY_LABEL[key]}
    </Pill>
  );
}

function AmountPill({ amount }: { amount: string }) {
  const money = useMoney();
  return (
    <Box
      component="span"
      sx={{ px: 1, py: 0.25, borderRadius: 99, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg', border: '1px solid', borderColor: 'secondary.main', fontWeight: 800, fontSize: '0.85rem', whiteSpace: 'nowrap' }}
    >
      {money.amount(amount)}
    </Box>
  );
}

export interface ChoreItemProps {
  assignment: AssignmentDto;
  checked: boolean;
  tickable: boolean;
  /** Ticked and paid out: the box stays ticked and cannot be unticked. */
  paid?: boolean;
  /** 'list': a roomy row; 'calendar': a compact card for a day column. */
  variant: 'list' | 'calendar';
  hint?: string;
  dayLabel?: string;
  week?: WeekDays;
  /** Its day passed without a tick: shown kindly, as missed rather than open. */
  missed?: boolean;
  /** Issue 19: waiting for a parent's OK, sent back with a note, or locked by a parent's OK. */
  approval?: ApprovalState;
}

/** "2 done, 4 to go, 1 missed": this week's days of a daily chore, counting only what can still be done as to go. */
export function weekDaysText(week: WeekDays): string {
  return [`${week.done} done`, week.left ? `${week.left} to go` : '', week.missed ? `${week.missed} missed` : ''].filter(Boolean).join(', ');
}

/** A passed day without a tick: neutral, not a warning. */
function MissedPill() {
  return (
    <Pill bg="tone.muted" fg="text.secondary">
      Missed
    </Pill>
  );
}

/**
 * One chore with its tick box. The whole card is the label, so a small finger can tap anywhere on it;
 * the tick box itself is 48 px. While the tick's request runs the box shows a spinner and is disabled.
 * A ticked chore says where its tick is (issue 29): waiting for a parent's OK, Counted (in the
 * earnings; a parent's OK locks it), or Paid (paid out: the box stays ticked and locked).
 */
export function ChoreItem({ assignment, checked, tickable: onTodaysList, paid = false, variant, hint: dayHint, dayLabel, week, missed = false, approval }: ChoreItemProps) {
  const { tick, pending, offline } = useChoreTickerContext();
  const hintId = useId();
  const sentBackId = useId();
  const paidLock = paid && checked;
  // A parent's OK locks today's tick (the child may no longer take it back); other days are not tickable anyway.
  const approvalLock = onTodaysList && checked && !paidLock ? approval?.lockHint : undefined;
  const locked = paidLock || Boolean(approvalLock);
  // Issue 21: a first-wins chore-day another child took cannot be ticked ("Done by Liam").
  const takenBy = assignment.takenBy?.displayName ?? null;
  const tickable = onTodaysList && !locked && takenBy === null;
  const hint = paidLock ? PAID_TEXT.childHint : (approvalLock ?? dayHint);
  const waiting = Boolean(approval?.waiting && checked);
  const sentBack = approval?.sentBack ?? null;
  const busy = tickable && pending.has(assignment.id);
  const shownChecked = busy ? pending.get(assignment.id)! : checked;
  const waitingShown = waiting && !busy && shownChecked;
  const { chore } = assignment;
  const compact = variant === 'calendar';
  const category = CATEGORY_STYLE[categoryOf(assignment)];

  const box = (
    <Checkbox
      checked={shownChecked}
      // While its request runs the box is aria-disabled rather than disabled, so keyboard focus stays on it.
      disabled={!tickable || offline}
      onChange={(event) => {
        if (!busy) tick(assignment.id, event.target.checked);
      }}
      icon={busy ? <CircularProgress size={28} aria-hidden /> : tickable ? <RadioButtonUncheckedRounded /> : <LockClockOutlined />}
      checkedIcon={busy ? <CircularProgress size={28} color="success" aria-hidden /> : <CheckCircleRounded sx={{ animation: `${pop} 350ms ease-out` }} />}
      color="success"
      slotProps={{
        input: {
          'aria-label': takenBy !== null ? `${chore.name}: done by ${takenBy}` : `Mark ${chore.name} as done`,
          'aria-describedby': offline ? OFFLINE_NOTICE_ID : [waitingShown || hint ? hintId : '', sentBack !== null ? sentBackId : ''].filter(Boolean).join(' ') || undefined,
          'aria-disabled': busy || undefined,
          'aria-busy': busy || undefined,
        },
      }}
      sx={{
        p: 1,
        flexShrink: 0,
        '& .MuiSvgIcon-root': { fontSize: 32 },
        '&.Mui-checked.Mui-disabled': { color: 'success.main' },
        '@media (prefers-reduced-motion: reduce)': { '& .MuiSvgIcon-root': { animation: 'none' } },
      }}
    />
  );

  // Issue 29: the tick's stage in one word: waiting, counted (approved or ticked: in the earnings), paid (paid out).
  // While its request runs a tick has no stage yet.
  const stage = busy ? null : tickStage({ checked: shownChecked, paid: paidLock, approval: { waiting: waitingShown } });
  const doneTag = shownChecked && (
    <>
      {waitingShown ? (
        <Pill bg="tone.sun.bg" fg="tone.sun.fg" icon={<HourglassTopRounded aria-hidden />} wrap>
          <span id={hint ? undefined : hintId}>{TICK_STAGE_LABEL.waiting}</span>
        </Pill>
      ) : (
        <Pill bg="tone.successSolid" fg="#ffffff" icon={<CheckCircleRounded />}>
          Done!
        </Pill>
      )}
      {stage === 'counted' && (
        <Pill bg="tone.sky.bg" fg="tone.sky.fg" icon={<TaskAltRounded aria-hidden />}>
          {TICK_STAGE_LABEL.counted}
        </Pill>
      )}
      {stage === 'paid' && (
        <Pill bg="tone.sun.bg" fg="tone.sun.fg" icon={<PaidRounded aria-hidden />}>
          {TICK_STAGE_LABEL.paid}
        </Pill>
      )}
    </>
  );

  // Issue 21: who took a first-wins chore, or that it goes to the first who does it.
  const firstWinsTag =
    takenBy !== null ? (
      <Pill bg="tone.muted" fg="text.primary" icon={<EmojiPeopleRounded aria-hidden />} wrap>
        Done by {takenBy}
      </Pill>
    ) : assignment.firstWins && !shownChecked ? (
      <Pill bg="tone.sky.bg" fg="tone.sky.fg" icon={<BoltRounded aria-hidden />} wrap>
        First one wins
      </Pill>
    ) : null;

  const sentBackLine = sentBack !== null && (
    <Typography
      id={sentBackId}
      variant="body2"
      sx={{ mt: 0.75, px: 1, py: 0.5, borderRadius: 2, bgcolor: 'tone.sky.bg', color: 'tone.sky.fg', fontWeight: 700, display: 'flex', alignItems: 'flex-start', gap: 0.5, overflowWrap: 'anywhere' }}
    >
      <ReplayRounded aria-hidden sx={{ fontSize: '1rem', mt: '2px' }} />
      <span>
        {APPROVAL_TEXT.sentBack}
        {sentBack ? `: “${sentBack}”` : '. Give it another go!'}
      </span>
    </Typography>
  );

  const hintLine = hint && (
    <Typography id={hintId} variant="body2" sx={{ mt: 0.5, color: 'text.secondary', fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <EventRounded aria-hidden sx={{ fontSize: '1rem' }} />
      {hint}
    </Typography>
  );

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component="label"
        sx={{
          display: 'flex',
          flexDirection: compact ? 'column' : 'row',
          alignItems: compact ? 'stretch' : 'flex-start',
          gap: compact ? 0.25 : 1,
          position: 'relative',
          overflow: 'hidden',
          p: compact ? 1 : 1.25,
          pt: compact ? 1.25 : 1.25,
          pl: compact ? 1 : 1.25,
          borderRadius: 3,
          border: '2px solid',
          borderColor: shownChecked ? 'success.main' : tickable ? 'divider' : 'transparent',
          // A straight category stripe (left in the list, top in the calendar), clipped by the rounded corners.
          '&::before': {
            content: '""',
            position: 'absolute',
            bgcolor: category.accent,
            ...(compact ? { left: 0, right: 0, top: 0, height: 5 } : { left: 0, top: 0, bottom: 0, width: 6 }),
          },
          bgcolor: shownChecked ? 'tone.done' : tickable ? 'background.paper' : 'tone.muted',
          cursor: tickable && !busy && !offline ? 'pointer' : 'default',
          transition: 'background-color 200ms, border-color 200ms, transform 120ms',
          '&:hover': tickable && !busy && !offline ? { borderColor: shownChecked ? 'success.main' : 'primary.main' } : undefined,
          '&:active': tickable && !busy && !offline ? { transform: 'scale(0.985)' } : undefined,
          '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          '&:has(input:focus:not(:focus-visible))': { outline: 'none' },
          '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:active': { transform: 'none' } },
        }}
      >
        {compact ? (
          <>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 0.5, ml: -0.75, mt: -0.5 }}>
              {box}
              <AmountPill amount={chore.amount} />
            </Stack>
            <Box>
              <CategoryPill assignment={assignment} />
            </Box>
            <Typography sx={{ fontWeight: 800, lineHeight: 1.25, mt: 0.5, overflowWrap: 'anywhere' }}>{chore.name}</Typography>
            {chore.description && (
              <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.35, overflowWrap: 'anywhere' }}>
                {chore.description}
              </Typography>
            )}
            {(doneTag || firstWinsTag) && (
              <Stack direction="row" sx={{ mt: 0.75, gap: 0.5, flexWrap: 'wrap' }}>
                {doneTag}
                {firstWinsTag}
              </Stack>
            )}
            {missed && (
              <Box sx={{ mt: 0.75 }}>
                <MissedPill />
              </Box>
            )}
            {sentBackLine}
            {locked && (
              <Box id={hintId} component="span" sx={visuallyHidden}>
                {hint}
              </Box>
            )}
          </>
        ) : (
          <>
            {box}
            <Box sx={{ flex: 1, minWidth: 0, pt: 0.75 }}>
              <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 800, fontSize: '1.05rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}>{chore.name}</Typography>
                <AmountPill amount={chore.amount} />
              </Stack>
              {chore.description && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}>
                  {chore.description}
                </Typography>
              )}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.75, alignItems: 'center' }}>
                {dayLabel && (
                  <Pill bg={dayLabel === 'Today' ? 'primary.main' : 'tone.brand.bg'} fg={dayLabel === 'Today' ? 'primary.contrastText' : 'tone.brand.fg'}>
                    {dayLabel}
                  </Pill>
                )}
                <Pill bg="tone.brand.bg" fg="tone.brand.fg" icon={<StarRounded aria-hidden />}>
                  {difficultyText(chore.difficultyLevel)}
                </Pill>
                {week && week.total > 1 && (
                  <Pill bg="tone.brand.bg" fg="tone.brand.fg">
                    {weekDaysText(week)}
                  </Pill>
                )}
                {missed && <MissedPill />}
                {doneTag}
                {firstWinsTag}
              </Stack>
              {sentBackLine}
              {hintLine}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
