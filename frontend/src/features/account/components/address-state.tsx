import Chip from '@mui/material/Chip';

/** "Confirmed" or "Not confirmed" next to an address. */
export function AddressState({ verified }: { verified: boolean }) {
  return (
    <Chip
      size="small"
      label={verified ? 'Confirmed' : 'Not confirmed'}
      sx={{ fontWeight: 700, bgcolor: verified ? 'tone.leaf.bg' : 'tone.sun.bg', color: verified ? 'tone.leaf.fg' : 'tone.sun.fg' }}
    />
  );
}
