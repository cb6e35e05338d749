import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { familyCalls, refreshFamily, type ChildDto, type ChoreDto } from '../../../api/family';
import { errorToast, useToast } from '../../../components/toast';
import type { IsoDate } from '../../../../../shared/time';
import { CATEGORY_TITLE, CHORE_CATEGORIES, difficultyText } from '../../../lib/chore-categories';
import { choresFor, planManualAssignment } from '../lib/manual-assignment';
import { useMoney } from '../../../lib/use-money';

export interface ManualAssignmentCardProps {
  childList: readonly ChildDto[];
  chores: readonly ChoreDto[];
  /** The family's current week (its Sunday, in the family's time zone); undefined while loading. */
  weekStart: IsoDate | undefined;
  /** Preselected child (the page's `?child=` filter). */
  initialChildId?: string;
}

/** Spec "Manual Chore Assignment": pick a child and a chore the child may do, then Assign. */
export function ManualAssignmentCard({ childList, chores, weekStart, initialChildId }: ManualAssignmentCardProps) {
  const money = useMoney();
  const titleId = useId();
  const qc = useQueryClient();
  const { toast } = useToast();
  const [childId, setChildId] = useState(() => (initialChildId && childList.some((c) => c.id === initialChildId) ? initialChildId : ''));
  const [choreId, setChoreId] = useState('');
  const [busy, setBusy] = useState(false);

  const child = childList.find((c) => c.id === childId);
  const allowed = choresFor(chores, child?.maxDifficultyLevel);

  const pickChild = (id: string) => {
    setChildId(id);
    const next = childList.find((c) => c.id === id);
    const stillAllowed = choresFor(chores, next?.maxDifficultyLevel).some((c) => c.id === choreId);
    if (!stillAllowed) setChoreId('');
  };

  const assign = async () => {
    const chore = chores.find((c) => c.id === choreId);
    if (!chore) {
      toast(errorToast('Chore not found'));
      return;
    }
    if (!child || !weekStart) return;
    setBusy(true);
    try {
      // One call at a time: a failure stops the rest, like the scheduler's save.
      for (const call of planManualAssignment(chore, child.id, weekStart)) {
        if (call.kind === 'continuous') await familyCalls.createContinuous(call.body);
        else await familyCalls.createAssignment(call.body);
      }
      toast({ title: 'Chore assigned successfully!', description: `${chore.name} was added to ${child.displayName}'s week.` });
      setChoreId('');
    } catch {
      toast(errorToast('Failed to assign chore. Please try again.'));
    } finally {
      // Refresh after failures too: some of a daily chore's seven calls may have gone through.
      await refreshFamily(qc);
      setBusy(false);
    }
  };

  const choreItems = CHORE_CATEGORIES.flatMap((category) => {
    const list = allowed.filter((c) => c.category === category).sort((a, b) => a.name.localeCompare(b.name));
    if (list.length === 0) return [];
    return [
      <ListSubheader key={`h-${category}`} sx={{ fontWeight: 800, lineHeight: '36px', color: 'primary.dark' }}>
        {CATEGORY_TITLE[category]}
      </ListSubheader>,
      ...list.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, width: '100%', minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {c.name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {money.amount(c.amount)} · {difficultyText(c.difficultyLevel)}
            </Box>
          </Box>
        </MenuItem>
      )),
    ];
  });

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AssignmentTurnedIn color="primary" aria-hidden />
          <Typography id={titleId} variant="h6" component="h2">
            Manual Chore Assignment
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          Give a child an extra chore this week. Daily chores are added for every day, weekly chores on Saturday, and continuous
          chores stay active until you remove them.
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField select label="Child" value={childId} onChange={(e) => pickChild(e.target.value)} sx={{ flex: 1 }} disabled={busy}>
            {childList.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.displayName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Chore"
            value={choreId}
            onChange={(e) => setChoreId(e.target.value)}
            sx={{ flex: 2, minWidth: 0 }}
            disabled={busy || allowed.length === 0}
            helperText={
              allowed.length === 0
                ? chores.length === 0
                  ? 'Create chores on the master chore list first.'
                  : `No chores are easy enough for ${child?.displayName ?? 'this child'}.`
                : child
                  ? `Only chores up to level ${child.maxDifficultyLevel} are listed for ${child.displayName}.`
                  : 'Pick a child to see only the chores they can do.'
            }
          >
            {choreItems}
          </TextField>
          <Button
            variant="contained"
            size="large"
            onClick={() => void assign()}
            disabled={!childId || !choreId || !weekStart || busy}
            sx={{ flexShrink: 0, minHeight: 56 }}
          >
            {busy ? 'Assigning...' : 'Assign'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
