import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useChildren, useChores, type ChoreDto } from '../../../api/family';
import { useDeleteChore } from '../api/chores';
import { describeChoreSchedule } from '../../../../../shared/rhythm';
import { LazyChoreDialog, LazyConfirmDialog } from '../../../components/dialogs';
import { ParentShell } from '../../../components/parent-shell';
import { errorToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  CATEGORY_BADGE,
  CATEGORY_COLORS,
  CATEGORY_NOUN,
  CATEGORY_TITLE,
  CHORE_CATEGORIES,
  DEFAULT_DIFFICULTY,
  DIFFICULTY_LABELS,
  categoryFromParam,
  groupChores,
  type ChoreCategory,
} from '../../../lib/chore-categories';
import { useMoney } from '../../../lib/use-money';

type ChoreDialogState = { open: false } | { open: true; chore?: ChoreDto };

/** The master chore list (spec section 2, "Master chore list (/chores)"). */
export function ChoresPage({ user }: { user: { firstName: string } }) {
  const [params] = useSearchParams();
  const category = categoryFromParam(params.get('category'));
  const title = category ? CATEGORY_TITLE[category] : 'All Chores';
  useDocumentTitle(title);

  const { toast } = useToast();
  const chores = useChores();
  // Issue 21: names for the sentence under a chore with its own rhythm or who does it.
  const children = useChildren();
  const childNames = Object.fromEntries((children.data ?? []).map((c) => [c.id, c.displayName]));
  const deleteChore = useDeleteChore();
  const [dialog, setDialog] = useState<ChoreDialogState>({ open: false });
  const [toDelete, setToDelete] = useState<ChoreDto | null>(null);

  const openAdd = () => setDialog({ open: true });
  const openEdit = (chore: ChoreDto) => setDialog({ open: true, chore });

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteChore.mutate(toDelete.id, {
      onSuccess: () => toast({ title: 'Chore deleted successfully' }),
      onError: () => toast(errorToast('Failed to delete chore.')),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <ParentShell logoutPath="/api/auth/parent-logout">
      <Button component={RouterLink} to={PATHS.home} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Back to Dashboard
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {user.firstName ? `${user.firstName}, these are` : 'These are'} the chores your family can hand out, with what each one pays.
          </Typography>
        </Box>
        <Button variant="contained" size="large" startIcon={<Add />} onClick={openAdd} sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'auto' } }}>
          Add New Chore
        </Button>
      </Stack>

      <CategoryFilter current={category} />

      {chores.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading chores" />
        </Box>
      ) : chores.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          We could not load your chores. Please refresh the page to try again.
        </Alert>
      ) : chores.data.length === 0 ? (
        <EmptyState
          title="No chores created yet"
          text="Create your first chore, give it a reward, and it is ready to assign to your children."
          onAdd={openAdd}
        />
      ) : (
        <ChoreGroups chores={chores.data} only={category} onAdd={openAdd} onEdit={openEdit} onDelete={setToDelete} childNames={childNames} />
      )}

      {dialog.open && (
        <Suspense fallback={null}>
          <LazyChoreDialog open onClose={() => setDialog({ open: false })} chore={dialog.chore} defaultCategory={category ?? undefined} />
        </Suspense>
      )}
      {toDelete && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={`Delete "${toDelete.name}"?`}
            description="This chore will be removed from your master chore list and can no longer be assigned. This cannot be undone."
            confirmLabel="Delete Chore"
            destructive
            busy={deleteChore.isPending}
            onConfirm={confirmDelete}
            onClose={() => {
              if (!deleteChore.isPending) setToDelete(null);
            }}
          />
        </Suspense>
      )}
    </ParentShell>
  );
}

/** Links between the four views of the list; the current one is marked for screen readers. */
function CategoryFilter({ current }: { current: ChoreCategory | null }) {
  const options: { value: ChoreCategory | null; label: string }[] = [
    { value: null, label: 'All Chores' },
    ...CHORE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_TITLE[c] })),
  ];
  return (
    <Box component="nav" aria-label="Chore categories" sx={{ mb: 3 }}>
      <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {options.map((o) => {
          const selected = o.value === current;
          return (
            <li key={o.label}>
              <Chip
                component={RouterLink}
                to={o.value ? `${PATHS.chores}?category=${o.value}` : PATHS.chores}
                aria-current={selected ? 'page' : undefined}
                label={o.label}
                clickable
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                sx={{ fontWeight: 700 }}
              />
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

interface ChoreGroupsProps {
  chores: ChoreDto[];
  only: ChoreCategory | null;
  onAdd: () => void;
  onEdit: (chore: ChoreDto) => void;
  onDelete: (chore: ChoreDto) => void;
  childNames: Record<string, string>;
}

function ChoreGroups({ chores, only, onAdd, onEdit, onDelete, childNames }: ChoreGroupsProps) {
  const groups = groupChores(chores, only);
  if (only && groups[0]!.chores.length === 0) {
    return (
      <EmptyState
        title={`No ${CATEGORY_NOUN[only]} found`}
        text={`You have chores, just none in this category yet. Add one, or look at all chores.`}
        onAdd={onAdd}
        showAll
      />
    );
  }
  return (
    <Stack spacing={3}>
      {groups.map(({ category, chores: list }) => (
        <Card key={category} component="section" aria-labelledby={`chores-${category}`}>
          <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, px: { xs: 0.5, sm: 0 } }}>
              <Typography id={`chores-${category}`} variant="h6" component="h2">
                {CATEGORY_TITLE[category]}
              </Typography>
              <Chip size="small" label={`${list.length} ${list.length === 1 ? 'chore' : 'chores'}`} sx={{ fontWeight: 700 }} />
            </Stack>
            {list.length === 0 ? (
              <Typography color="text.secondary">No {CATEGORY_NOUN[category]} yet.</Typography>
            ) : (
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
              >
                {list.map((chore) => (
                  <ChoreItem key={chore.id} chore={chore} onEdit={onEdit} onDelete={onDelete} childNames={childNames} />
                ))}
              </Box>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function ChoreItem({
  chore,
  onEdit,
  onDelete,
  childNames,
}: {
  chore: ChoreDto;
  onEdit: (c: ChoreDto) => void;
  onDelete: (c: ChoreDto) => void;
  childNames: Record<string, string>;
}) {
  const money = useMoney();
  const level = chore.difficultyLevel || DEFAULT_DIFFICULTY;
  const colors = CATEGORY_COLORS[chore.category];
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        p: { xs: 1.5, sm: 2 },
        pb: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: '14px',
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography component="h3" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {chore.name}
        </Typography>
        <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', color: 'success.main', flexShrink: 0 }}>{money.amount(chore.amount)}</Typography>
      </Stack>
      {chore.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
          {chore.description}
        </Typography>
      )}
      {(chore.rhythm || chore.who) && (
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="chore-schedule">
          {describeChoreSchedule({ category: chore.category, rhythm: chore.rhythm, who: chore.who, childNames })}
        </Typography>
      )}
      {/* The badges wrap among themselves; edit and delete stay in the bottom right corner of every card. */}
      <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center', mt: 'auto', pt: 1 }}>
        <Stack direction="row" sx={{ flex: 1, minWidth: 0, flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
          <Chip
            size="small"
            label={CATEGORY_BADGE[chore.category]}
            // On a narrow phone a long badge wraps onto two lines rather than being cut off.
            sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 700, maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
          {/* The spec's Level badge, with the level's name beside it: one scale, as the child sees it (issue 18). */}
          <Chip size="small" variant="outlined" label={`Level ${level}`} sx={{ fontWeight: 700 }} />
          <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
            {DIFFICULTY_LABELS[level]}
          </Typography>
          {/* Issue 19: a child's tick on it waits for a parent's OK. */}
          {chore.needsApproval && <Chip size="small" label="Needs your OK" sx={{ fontWeight: 700, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg' }} />}
        </Stack>
        <Box sx={{ display: 'flex', flex: 'none' }}>
          <IconButton aria-label={`Edit ${chore.name}`} onClick={() => onEdit(chore)} color="primary">
            <EditOutlined />
          </IconButton>
          <IconButton aria-label={`Delete ${chore.name}`} onClick={() => onDelete(chore)} color="error" sx={{ mr: -1 }}>
            <DeleteOutline />
          </IconButton>
        </Box>
      </Stack>
    </Box>
  );
}

function EmptyState({ title, text, onAdd, showAll }: { title: string; text: string; onAdd: () => void; showAll?: boolean }) {
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: 6, px: 3 }}>
        <PlaylistAdd sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 440, mx: 'auto' }}>
          {text}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
          <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
            Add New Chore
          </Button>
          {showAll && (
            <Button component={RouterLink} to={PATHS.chores} variant="outlined">
              Show All Chores
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
