/** The landing page's hero picture: a child's day drawn with real components. */
import CheckCircle from '@mui/icons-material/CheckCircle';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const PREVIEW_CHORES = [
  { name: 'Make your bed', amount: '$0.50', done: true },
  { name: 'Feed the cat', amount: '$0.75', done: true },
  { name: 'Tidy the playroom', amount: '$1.00', done: false },
];

/** A picture of a child's day drawn with real components; it is an illustration, read as one image. */
export function ChorePreview() {
  const done = PREVIEW_CHORES.filter((c) => c.done).length;
  return (
    <Card
      role="img"
      aria-label="Example of a child's chore list: two of three chores done and $6.25 earned this week"
      sx={{ width: '100%', maxWidth: 420, mx: 'auto', boxShadow: '0 24px 60px rgba(67, 40, 158, 0.18)', transform: { md: 'rotate(1.5deg)' } }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Box>
            <Typography sx={{ fontWeight: 800, fontSize: '1.2rem', whiteSpace: 'nowrap' }}>Hi, Emma!</Typography>
            <Typography variant="body2" color="text.secondary">
              Today’s quests
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              bgcolor: 'tone.sun.bg',
              color: 'tone.sun.fg',
              px: 1.25,
              py: 0.5,
              borderRadius: 999,
              fontWeight: 800,
              fontSize: { xs: '0.875rem', sm: '1rem' },
              whiteSpace: 'nowrap',
            }}
          >
            <EmojiEvents fontSize="small" />
            Star Performer
          </Box>
        </Stack>
        <Stack spacing={1}>
          {PREVIEW_CHORES.map((chore) => (
            <Stack
              key={chore.name}
              direction="row"
              sx={{ alignItems: 'center', gap: 1.5, p: 1.25, borderRadius: 2, bgcolor: chore.done ? 'tone.done' : 'background.default' }}
            >
              {chore.done ? <CheckCircle sx={{ color: 'success.main' }} /> : <RadioButtonUnchecked sx={{ color: 'text.secondary' }} />}
              <Typography sx={{ flex: 1, fontWeight: 600, textDecoration: chore.done ? 'line-through' : 'none', color: chore.done ? 'text.secondary' : 'text.primary' }}>
                {chore.name}
              </Typography>
              <Typography sx={{ fontWeight: 800, color: 'success.main' }}>{chore.amount}</Typography>
            </Stack>
          ))}
        </Stack>
        <Box sx={{ mt: 2.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {done} of {PREVIEW_CHORES.length} done
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.main' }}>
              $6.25 this week
            </Typography>
          </Stack>
          <Box sx={{ height: 10, borderRadius: 999, bgcolor: 'tone.brand.bg', overflow: 'hidden' }}>
            <Box sx={{ width: `${(done / PREVIEW_CHORES.length) * 100}%`, height: '100%', borderRadius: 999, background: 'linear-gradient(90deg, #5b3cc4, #8c6cf0)' }} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
