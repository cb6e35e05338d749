import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type KeyboardEvent } from 'react';
import type { BoardChildDto } from '../../../../../shared/api-types';
import { isComplete, pinKeyOf, pressPinKey, PIN_LENGTH, type PinKey } from '../model/pin-entry';

const DIGITS: PinKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export interface PinPadDialogProps {
  child: Pick<BoardChildDto, 'id' | 'displayName'>;
  /** Sends the four digits; the dialog clears them whatever the answer. */
  onSubmit: (pin: string) => void;
  onClose: () => void;
  pending: boolean;
  /** The last answer's message (a wrong PIN, a lock-out), shown and announced. */
  error: string | null;
}

/**
 * Issue 32: the PIN pad a child types on after tapping their picture. Big buttons for fingers; the
 * keyboard works too (digits, Backspace, Escape clears). The PIN is sent as the fourth digit is typed.
 */
export function PinPadDialog({ child, onSubmit, onClose, pending, error }: PinPadDialogProps) {
  const [typed, setTyped] = useState('');
  const titleId = useId();
  const statusId = useId();

  const press = (key: PinKey) => {
    if (pending) return;
    const next = pressPinKey(typed, key);
    if (isComplete(next)) {
      setTyped('');
      onSubmit(next);
    } else setTyped(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const key = pinKeyOf(e.key);
    // Escape with nothing typed closes the dialog (MUI's own handling).
    if (!key || (key === 'clear' && typed === '' && e.key === 'Escape')) return;
    e.preventDefault();
    press(key);
  };

  const padButton = (label: string, key: PinKey, aria?: string) => (
    // Never disabled while a PIN is checked (presses are ignored then): a disabled button would drop the keyboard's focus.
    <Button key={label} variant="outlined" onClick={() => press(key)} aria-label={aria} sx={{ minHeight: 64, fontSize: '1.6rem', fontWeight: 800, borderRadius: 3 }}>
      {key === 'back' ? <BackspaceOutlined /> : label}
    </Button>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={statusId} onKeyDown={onKeyDown} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ fontWeight: 800, textAlign: 'center' }}>
        Hi {child.displayName}! Type your PIN
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 2, my: 1 }} aria-hidden>
          {Array.from({ length: PIN_LENGTH }, (_, i) => (
            <Box key={i} sx={{ width: 20, height: 20, borderRadius: '50%', border: 2, borderColor: 'primary.main', bgcolor: i < typed.length ? 'primary.main' : 'transparent' }} />
          ))}
        </Box>
        <Box id={statusId} aria-live="polite" sx={{ textAlign: 'center', color: 'text.secondary', mb: 1 }}>
          {pending ? 'Checking…' : `${typed.length} of ${PIN_LENGTH} digits typed`}
        </Box>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
          {DIGITS.map((d) => padButton(d, d))}
          <Button variant="text" onClick={onClose} sx={{ minHeight: 64 }}>
            Cancel
          </Button>
          {padButton('0', '0')}
          {padButton('Back', 'back', 'Delete the last digit')}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
