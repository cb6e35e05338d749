import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import MonetizationOnRounded from '@mui/icons-material/MonetizationOnRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Achievement, AchievementId } from '../model/achievements';

const BADGE_LOOK: Record<AchievementId, { icon: ReactNode; bg: string; fg: string }> = {
  'star-performer': { icon: <StarRounded />, bg: '#ffc233', fg: '#4d3800' },
  'all-complete': { icon: <EmojiEventsRounded />, bg: '#5b3cc4', fg: '#ffffff' },
  'money-maker': { icon: <MonetizationOnRounded />, bg: '#22a559', fg: '#ffffff' },
  'super-helper': { icon: <VolunteerActivismRounded />, bg: '#e5487d', fg: '#ffffff' },
};

/** Four badges (spec section 9); earned or locked is said in words and shown by an icon, not only by colour. */
export function AchievementsCard({ achievements }: { achievements: Achievement[] }) {
  const earned = achievements.filter((a) => a.earned).length;
  return (
    <Card component="section" aria-labelledby="achievements-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="achievements-heading" variant="h5" component="h2">
          My Achievements
        </Typography>
        <Typography sx={{ fontWeight: 700, color: 'text.secondary' }}>
          {earned} of {achievements.length} earned
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: { xs: 1.25, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {achievements.map((a) => (
          <Badge key={a.id} achievement={a} />
        ))}
      </Box>
    </Card>
  );
}

function Badge({ achievement: a }: { achievement: Achievement }) {
  const look = BADGE_LOOK[a.id];
  return (
    <Box
      component="li"
      data-testid={`achievement-${a.id}`}
      data-earned={a.earned}
      sx={{
        position: 'relative',
        textAlign: 'center',
        p: { xs: 1.5, sm: 2 },
        borderRadius: 4,
        border: '2px',
        borderStyle: a.earned ? 'solid' : 'dashed',
        borderColor: a.earned ? look.bg : 'divider',
        bgcolor: a.earned ? 'background.paper' : 'tone.muted',
        boxShadow: a.earned ? '0 6px 16px rgba(31, 26, 61, 0.12)' : 'none',
      }}
    >
      <Box
        aria-hidden
        sx={{
          mx: 'auto',
          width: { xs: 56, sm: 64 },
          height: { xs: 56, sm: 64 },
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: a.earned ? look.bg : 'tone.neutral.bg',
          color: a.earned ? look.fg : 'tone.neutral.fg',
          position: 'relative',
          '& > svg': { fontSize: { xs: 32, sm: 38 } },
        }}
      >
        {look.icon}
        {!a.earned && (
          <Box sx={{ position: 'absolute', right: -4, bottom: -4, width: 26, height: 26, borderRadius: '50%', bgcolor: '#4f4a70', color: '#fff', display: 'grid', placeItems: 'center' }}>
            <LockRounded sx={{ fontSize: 16 }} />
          </Box>
        )}
      </Box>
      <Typography component="h3" sx={{ mt: 1, fontWeight: 800, lineHeight: 1.25 }}>
        {a.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
        {a.goal}
      </Typography>
      <Box
        sx={{
          mt: 1,
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1.25,
          py: 0.25,
          borderRadius: 99,
          fontWeight: 800,
          fontSize: '0.8rem',
          bgcolor: a.earned ? 'tone.successSolid' : 'tone.neutral.bg',
          color: a.earned ? '#ffffff' : 'tone.neutral.fg',
          '& svg': { fontSize: '1rem' },
        }}
      >
        {a.earned ? <CheckCircleRounded aria-hidden /> : <LockRounded aria-hidden />}
        {a.earned ? 'Earned!' : 'Locked'}
      </Box>
      {!a.earned && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary', fontWeight: 700 }}>
          {a.toGo}
        </Typography>
      )}
    </Box>
  );
}
