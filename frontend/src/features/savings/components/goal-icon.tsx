import CardGiftcardRounded from '@mui/icons-material/CardGiftcardRounded';
import DirectionsBikeRounded from '@mui/icons-material/DirectionsBikeRounded';
import FlightTakeoffRounded from '@mui/icons-material/FlightTakeoffRounded';
import IcecreamRounded from '@mui/icons-material/IcecreamRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import MusicNoteRounded from '@mui/icons-material/MusicNoteRounded';
import PaletteRounded from '@mui/icons-material/PaletteRounded';
import PetsRounded from '@mui/icons-material/PetsRounded';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import SportsSoccerRounded from '@mui/icons-material/SportsSoccerRounded';
import ToysRounded from '@mui/icons-material/ToysRounded';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { GoalIcon as GoalIconName } from '../../../../../shared/api-types';

/** Each goal icon of the set (shared/api-types.ts GOAL_ICONS) as an MUI icon with its name in words. */
export const GOAL_ICON_SET: Record<GoalIconName, { Icon: ComponentType<SvgIconProps>; label: string }> = {
  toy: { Icon: ToysRounded, label: 'Toy' },
  game: { Icon: SportsEsportsRounded, label: 'Game' },
  book: { Icon: MenuBookRounded, label: 'Book' },
  bike: { Icon: DirectionsBikeRounded, label: 'Bike' },
  ball: { Icon: SportsSoccerRounded, label: 'Ball' },
  music: { Icon: MusicNoteRounded, label: 'Music' },
  art: { Icon: PaletteRounded, label: 'Art' },
  gift: { Icon: CardGiftcardRounded, label: 'Gift' },
  treat: { Icon: IcecreamRounded, label: 'Treat' },
  trip: { Icon: FlightTakeoffRounded, label: 'Trip' },
  phone: { Icon: SmartphoneRounded, label: 'Phone' },
  pet: { Icon: PetsRounded, label: 'Pet' },
};

/** A goal's icon in a round tile, named for screen readers ("Bike icon"). */
export function GoalIcon({ icon, size = 48 }: { icon: GoalIconName; size?: number }) {
  const { Icon, label } = GOAL_ICON_SET[icon] ?? GOAL_ICON_SET.gift;
  return (
    <Box
      role="img"
      aria-label={`${label} icon`}
      sx={{ width: size, height: size, flexShrink: 0, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'tone.brand.bg', color: 'tone.brand.fg' }}
    >
      <Icon aria-hidden sx={{ fontSize: size * 0.58 }} />
    </Box>
  );
}
