import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { BoardChildDto } from '../../../../../shared/api-types';
import { BOARD_MESSAGES } from '../../../../../shared/messages';
import { initialOf, streakText, todayPercent, todayText } from '../model/board-view';

/** One child on the board: picture, name, today at a glance. Tappable (to sign in) when a parent set a PIN. */
export function ChildTile({ child, onPick }: { child: BoardChildDto; onPick: (child: BoardChildDto) => void }) {
  const streak = streakText(child.streak);
  const body = (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center', minHeight: 180 }}>
      <Avatar src={child.profileImageUrl} alt="" sx={{ width: 72, height: 72, fontSize: '2rem', fontWeight: 800, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        {initialOf(child.displayName)}
      </Avatar>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
        {child.displayName}
      </Typography>
      <Typography data-testid="board-today">{todayText(child)}</Typography>
      <LinearProgress variant="determinate" value={todayPercent(child)} aria-label={`${child.displayName}: ${todayText(child)}`} sx={{ width: '100%', height: 8, borderRadius: 4 }} />
      {streak && (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}>
          <LocalFireDepartmentRounded fontSize="small" aria-hidden /> {streak}
        </Typography>
      )}
      {!child.hasPin && (
        <Typography variant="body2" color="text.secondary">
          {BOARD_MESSAGES.noPin}
        </Typography>
      )}
    </Box>
  );
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', borderRadius: 4 }} data-testid="board-child">
      {child.hasPin ? (
        <CardActionArea onClick={() => onPick(child)} aria-label={`${child.displayName}, ${todayText(child)}. Tap to sign in.`}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
