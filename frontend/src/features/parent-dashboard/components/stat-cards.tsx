import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DashboardDto } from '../../../../../shared/api-types';
import { useMoney } from '../../../lib/use-money';

interface Stat {
  label: string;
  value: string;
  icon: ReactNode;
  tint: string;
  ink: string;
}

/** The four stat cards of spec section 2. */
export function StatCards({ stats }: { stats: DashboardDto['stats'] }) {
  const money = useMoney();
  const items: Stat[] = [
    { label: 'Completed This Week', value: String(stats.completed), icon: <TaskAltIcon />, tint: 'tone.leaf.bg', ink: 'tone.leaf.fg' },
    { label: 'Pending Chores', value: String(stats.pending), icon: <HourglassTopIcon />, tint: 'tone.sun.bg', ink: 'tone.sun.fg' },
    { label: 'Total Earnings', value: money.amount(stats.totalEarnings), icon: <AttachMoneyIcon />, tint: 'tone.brand.bg', ink: 'tone.brand.fg' },
    { label: 'Active Children', value: String(stats.activeChildren), icon: <ChildCareIcon />, tint: 'tone.sky.bg', ink: 'tone.sky.fg' },
  ];
  return (
    <Box
      component="section"
      aria-label="This week at a glance"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: { xs: 1.5, sm: 2 } }}
    >
      {items.map((s) => (
        <Card key={s.label} sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'flex', alignItems: 'center', gap: { xs: 1.25, sm: 2 }, minWidth: 0 }}>
          <Box
            aria-hidden
            sx={{
              flex: 'none',
              display: 'grid',
              placeItems: 'center',
              width: { xs: 36, sm: 48 },
              height: { xs: 36, sm: 48 },
              borderRadius: 3,
              bgcolor: s.tint,
              color: s.ink,
            }}
          >
            {s.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, lineHeight: 1.25 }}>
              {s.label}
            </Typography>
            <Typography sx={{ fontWeight: 800, fontSize: { xs: '1.35rem', sm: '1.75rem' }, lineHeight: 1.2, overflowWrap: 'anywhere' }}>{s.value}</Typography>
          </Box>
        </Card>
      ))}
    </Box>
  );
}

/** Family Earnings Overview: week, month and year to date. */
export function EarningsOverview({ week, month, year }: { week: string; month: string; year: string }) {
  const money = useMoney();
  const tiles = [
    { label: 'Week to Date', value: money.amount(week) },
    { label: 'Month to Date', value: money.amount(month) },
    { label: 'Year to Date', value: money.amount(year) },
  ];
  return (
    <Card component="section" aria-labelledby="earnings-overview-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="earnings-overview-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Family Earnings Overview
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }}>
        {tiles.map((t) => (
          <Box key={t.label} sx={{ p: { xs: 1.25, sm: 2 }, borderRadius: 3, bgcolor: 'tone.done', textAlign: 'center', minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {t.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 800, color: 'success.main', fontSize: { xs: '1.1rem', sm: '1.6rem' }, overflowWrap: 'anywhere' }}>
              {t.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
