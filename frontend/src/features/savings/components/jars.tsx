import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChildMoneyDto } from '../../../../../shared/api-types';
import type { Money } from '../../../lib/use-money';
import { jarFigures } from '../model/goals';

const TONES = { spend: 'sun', save: 'leaf', give: 'sky' } as const;

/** The spend, save and give jars with their balances (jars on); nothing with jars off. */
export function Jars({ data, money, showHints = true }: { data: Pick<ChildMoneyDto, 'jars'>; money: Money; showHints?: boolean }) {
  const jars = jarFigures(data, money);
  if (!jars) return null;
  return (
    <Box component="ul" aria-label="Jars" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }}>
      {jars.map((j) => (
        <Box
          component="li"
          key={j.jar}
          data-testid={`jar-${j.jar}`}
          sx={{ bgcolor: `tone.${TONES[j.jar]}.bg`, color: `tone.${TONES[j.jar]}.fg`, borderRadius: 3, p: { xs: 1.25, sm: 2 }, minWidth: 0 }}
        >
          <Typography sx={{ fontWeight: 800, fontSize: { xs: '0.95rem', sm: '1.05rem' } }}>{j.label}</Typography>
          <Typography data-testid={`jar-${j.jar}-amount`} sx={{ fontWeight: 900, fontSize: { xs: '1.2rem', sm: '1.6rem' }, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {j.amount}
          </Typography>
          {showHints && (
            <Typography sx={{ fontWeight: 600, fontSize: { xs: '0.75rem', sm: '0.85rem' }, lineHeight: 1.25 }}>{j.hint}</Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
