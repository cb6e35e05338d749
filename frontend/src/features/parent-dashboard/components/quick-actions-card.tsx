import AddTaskIcon from '@mui/icons-material/AddTask';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import GroupsIcon from '@mui/icons-material/Groups';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PreviewIcon from '@mui/icons-material/Preview';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChildDto } from '../../../../../shared/api-types';
import { links, useDashboard } from '../../../api/family';
import { useGenerateWeek } from '../api/parent-dashboard';
import { LazyPlanPreviewDialog } from './dialogs';
import { errorToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { MASTER_LIST_TABS, reassignKeeps, reassignSentence } from '../model/dashboard-model';
import { FlyoutGroup, FlyoutMenu } from './flyout-menu';

export interface QuickActionsCardProps {
  childList: readonly ChildDto[];
  onAddChore: () => void;
  onAddChild: () => void;
  onSchedule: (childId: string) => void;
}

/** The seven Quick Actions of spec section 2. */
export function QuickActionsCard({ childList, onAddChore, onAddChild, onSchedule }: QuickActionsCardProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const generate = useGenerateWeek();
  // Issue 21: the week's plan before it is applied (Reassign itself still applies at once).
  const weekStart = useDashboard().data?.weekStart;
  const [previewOpen, setPreviewOpen] = useState(false);

  const reassign = () =>
    generate.mutate(undefined, {
      onSuccess: () => toast({ title: 'Weekly chores have been reassigned!' }),
      onError: () => toast(errorToast('Failed to reassign chores. Please try again.')),
    });

  const childItems = (to: (id: string) => void) => childList.map((c) => ({ key: c.id, label: c.displayName, onSelect: () => to(c.id) }));

  return (
    <Card component="section" aria-labelledby="quick-actions-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="quick-actions-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <FlyoutGroup>
          <Stack spacing={1.25}>
            <Button variant="contained" startIcon={<AddTaskIcon />} onClick={onAddChore} fullWidth sx={{ justifyContent: 'flex-start' }}>
              Add New Chore
            </Button>
            <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={onAddChild} fullWidth sx={{ justifyContent: 'flex-start' }}>
              Add Child
            </Button>
            <FlyoutMenu label="Weekly Schedule" icon={<CalendarMonthIcon />} items={childItems(onSchedule)} emptyText="No children added yet" />
            <Button
              variant="outlined"
              startIcon={generate.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AutorenewIcon />}
              onClick={reassign}
              disabled={generate.isPending}
              fullWidth
              aria-describedby="reassign-keeps"
              sx={{ justifyContent: 'flex-start' }}
            >
              Reassign Weekly Chores
            </Button>
            {/* Issue 29: what Reassign does is said before it is pressed (it still applies in one click, as the spec's journeys expect). */}
            <Typography id="reassign-keeps" variant="caption" color="text.secondary" sx={{ px: 0.5, mt: '2px !important' }} data-testid="reassign-keeps">
              {reassignSentence(reassignKeeps(childList))} Preview Plan shows the new week first.
            </Typography>
            <Button
              variant="outlined"
              startIcon={<PreviewIcon />}
              onClick={() => setPreviewOpen(true)}
              disabled={!weekStart || generate.isPending}
              fullWidth
              sx={{ justifyContent: 'flex-start' }}
            >
              Preview Plan
            </Button>
            <Button
              variant="outlined"
              startIcon={<AssessmentIcon />}
              onClick={() => window.open(links.weeklyReport, '_blank', 'noopener')}
              fullWidth
              sx={{ justifyContent: 'flex-start' }}
            >
              Generate Weekly Report
            </Button>
            <FlyoutMenu
              label="View Master Chore List"
              icon={<FormatListBulletedIcon />}
              items={MASTER_LIST_TABS.map((t) => ({ key: t.category, label: t.label, onSelect: () => navigate(`${PATHS.chores}?category=${t.category}`) }))}
              emptyText=""
            />
            <FlyoutMenu
              label="Manage Children"
              icon={<GroupsIcon />}
              items={childItems((id) => navigate(`${PATHS.children}?child=${encodeURIComponent(id)}`))}
              emptyText="No children added yet"
            />
          </Stack>
        </FlyoutGroup>
      </CardContent>
      {previewOpen && weekStart && (
        <Suspense fallback={null}>
          <LazyPlanPreviewDialog weekStart={weekStart} onClose={() => setPreviewOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
