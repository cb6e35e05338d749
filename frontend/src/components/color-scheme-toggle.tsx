import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Dark mode on or off (a toggle button: aria-pressed says which). Until pressed the app follows the
 * system setting; the choice is then remembered on this device (MUI keeps it in localStorage).
 */
export function ColorSchemeToggle({ sx }: { sx?: SxProps<Theme> }) {
  const { mode, systemMode, setMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <Tooltip title={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
      <IconButton aria-label="Dark mode" aria-pressed={dark} onClick={() => setMode(dark ? 'light' : 'dark')} color="inherit" sx={sx}>
        {dark ? <LightModeRounded /> : <DarkModeRounded />}
      </IconButton>
    </Tooltip>
  );
}
