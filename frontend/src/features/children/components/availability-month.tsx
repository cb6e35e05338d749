import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { monthGrid } from '../../../../../shared/availability';
import type { Availability, DateRange } from '../../../../../shared/planning';
import { plainDate } from '../../../../../shared/rhythm';
import { WEEKDAYS } from '../../../../../shared/time';
import { monthTitle, shiftMonth } from '../lib/availability-form';

const HEAD = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface AvailabilityMonthProps {
  /** `YYYY-MM` */
  month: string;
  onMonthChange: (month: string) => void;
  availability: Availability;
  familyPause: DateRange | null | undefined;
}

/** The editor's month preview: every day of the month, away days marked with their label; follows the editor live. */
export function AvailabilityMonth({ month, onMonthChange, availability, familyPause }: AvailabilityMonthProps) {
  const captionId = useId();
  const rows = monthGrid(month, availability, familyPause);
  const awayCount = rows.flat().filter((c) => c.inMonth && c.away).length;
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft />
        </IconButton>
        <Box sx={{ textAlign: 'center' }}>
          <Typography id={captionId} sx={{ fontWeight: 800 }} aria-live="polite">
            {monthTitle(month)}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="away-count">
            {awayCount === 0 ? 'Home every day' : `${awayCount} ${awayCount === 1 ? 'day' : 'days'} away`}
          </Typography>
        </Box>
        <IconButton aria-label="Next month" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box component="table" aria-labelledby={captionId} sx={{ width: '100%', borderCollapse: 'separate', borderSpacing: 2, tableLayout: 'fixed' }}>
        <thead>
          <tr>
            {HEAD.map((d, i) => (
              <Box component="th" key={d} scope="col" sx={{ fontSize: '0.75rem', fontWeight: 700, color: 'text.secondary', p: 0.25 }}>
                <abbr title={WEEKDAYS[i]} style={{ textDecoration: 'none' }}>
                  {d}
                </abbr>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]!.date}>
              {row.map((cell) => (
                <Box
                  component="td"
                  key={cell.date}
                  data-date={cell.date}
                  data-away={cell.away && cell.inMonth ? 'true' : undefined}
                  aria-label={cell.inMonth ? `${plainDate(cell.date)}: ${cell.away ? cell.label : 'home'}` : undefined}
                  sx={{
                    verticalAlign: 'top',
                    height: { xs: 44, sm: 52 },
                    p: 0.25,
                    borderRadius: '6px',
                    fontSize: '0.8rem',
                    // The neighbouring months' days: lighter, still readable (no opacity: contrast).
                    bgcolor: cell.away ? 'tone.sun.bg' : cell.inMonth ? 'action.hover' : 'transparent',
                    fontWeight: cell.inMonth ? 800 : 400,
                    // Not by colour alone: an away day is framed too (its label is hidden on phones).
                    outline: cell.away ? '2px solid' : 'none',
                    outlineOffset: -2,
                    color: cell.away ? 'tone.sun.fg' : cell.inMonth ? 'text.primary' : 'text.secondary',
                    overflow: 'hidden',
                  }}
                >
                  <Box aria-hidden sx={{ fontWeight: 'inherit' }}>
                    {Number(cell.date.slice(8, 10))}
                  </Box>
                  {cell.away && (
                    <Box aria-hidden sx={{ fontSize: '0.65rem', lineHeight: 1.1, overflowWrap: 'anywhere', display: { xs: 'none', sm: 'block' } }}>
                      {cell.label}
                    </Box>
                  )}
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
