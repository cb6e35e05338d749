import AllInclusiveRounded from '@mui/icons-material/AllInclusiveRounded';
import CelebrationRounded from '@mui/icons-material/CelebrationRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import WbSunnyRounded from '@mui/icons-material/WbSunnyRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CHILD_TEXT, type ChoreRow, type ListColumns } from '../model/chore-board';
import { CATEGORY_STYLE, ChoreItem, Pill, type CategoryKey } from './chore-item';

interface ColumnSpec {
  key: keyof ListColumns;
  category: CategoryKey;
  title: string;
  icon: ReactNode;
  empty: string;
  count: (rows: ChoreRow[]) => string;
}

const doneOf = (rows: ChoreRow[]) => rows.filter((r) => r.checked).length;

const COLUMNS: ColumnSpec[] = [
  {
    key: 'daily',
    category: 'daily',
    title: 'Daily Chores',
    icon: <WbSunnyRounded />,
    empty: CHILD_TEXT.emptyDaily,
    count: (rows) => {
      const today = rows.filter((r) => r.tickable);
      return `${doneOf(today)}/${today.length} done today`;
    },
  },
  {
    key: 'weekly',
    category: 'weekly',
    title: 'Weekly Chores',
    icon: <CalendarMonthRounded />,
    empty: CHILD_TEXT.emptyWeekly,
    count: (rows) => `${doneOf(rows)}/${rows.length} done this week`,
  },
  {
    key: 'ongoing',
    category: 'continuous',
    title: 'Ongoing Chores',
    icon: <AllInclusiveRounded />,
    empty: CHILD_TEXT.emptyOngoing,
    count: (rows) => {
      const today = rows.filter((r) => r.tickable);
      return `${doneOf(today)}/${today.length} done today`;
    },
  },
];

/** The list view: daily, weekly and ongoing chores side by side (stacked on phones). */
export function ChoreListView({ columns }: { columns: ListColumns }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 2.5 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {COLUMNS.map((spec) => (
        <ChoreColumn key={spec.key} spec={spec} rows={columns[spec.key]} />
      ))}
    </Box>
  );
}

function ChoreColumn({ spec, rows }: { spec: ColumnSpec; rows: ChoreRow[] }) {
  const style = CATEGORY_STYLE[spec.category];
  const headingId = `chore-column-${spec.key}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, gridColumn: spec.key === 'ongoing' ? { sm: '1 / -1', lg: 'auto' } : undefined }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.25, mb: 1.5, flexWrap: 'wrap' }}>
        <Box
          aria-hidden
          sx={{ width: 40, height: 40, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: style.bg, color: style.fg, flexShrink: 0 }}
        >
          {spec.icon}
        </Box>
        <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 800, flex: 1, minWidth: 'max-content' }}>
          {spec.title}
        </Typography>
        {rows.length > 0 && (
          <Pill bg={style.bg} fg={style.fg}>
            {spec.count(rows)}
          </Pill>
        )}
      </Stack>
      {rows.length === 0 ? (
        <Box sx={{ py: 3, px: 2, textAlign: 'center', borderRadius: 3, bgcolor: 'tone.tint', border: '2px dashed', borderColor: 'divider' }}>
          <CelebrationRounded aria-hidden sx={{ fontSize: 32, color: style.accent }} />
          <Typography sx={{ fontWeight: 700, color: 'text.secondary' }}>{spec.empty}</Typography>
        </Box>
      ) : (
        <Stack component="ul" spacing={1.25} sx={{ m: 0, p: 0 }}>
          {rows.map((row) => (
            <ChoreItem
              key={row.key}
              variant="list"
              assignment={row.assignment}
              checked={row.checked}
              tickable={row.tickable}
              paid={row.paid}
              hint={row.hint}
              dayLabel={row.dayLabel}
              week={row.week}
              missed={row.missed}
              approval={row.approval}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
