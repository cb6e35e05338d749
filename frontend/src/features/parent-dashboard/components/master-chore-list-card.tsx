import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ChoreCategory, ChoreDto } from '../../../../../shared/api-types';
import { choresIn, MASTER_LIST_TABS } from '../model/dashboard-model';
import { useMoney } from '../../../lib/use-money';

/** Master Chore List (spec section 2): a tab per category with its count, and the chosen category's chores. */
export function MasterChoreListCard({ chores, loading }: { chores: readonly ChoreDto[]; loading: boolean }) {
  const money = useMoney();
  const [category, setCategory] = useState<ChoreCategory>('daily');
  const baseId = useId();
  const tab = MASTER_LIST_TABS.find((t) => t.category === category)!;
  const shown = choresIn(chores, category);
  return (
    <Card component="section" aria-labelledby={`${baseId}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
        <Typography id={`${baseId}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
          Master Chore List
        </Typography>
        <Tabs
          value={category}
          onChange={(_e, value: ChoreCategory) => setCategory(value)}
          variant="fullWidth"
          aria-label="Chore categories"
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 0 }}
        >
          {MASTER_LIST_TABS.map((t) => {
            const count = chores.filter((c) => c.category === t.category).length;
            return (
              <Tab
                key={t.category}
                value={t.category}
                id={`${baseId}-tab-${t.category}`}
                aria-controls={`${baseId}-panel`}
                sx={{ px: 0.5, py: 1, minWidth: 0, minHeight: 0, lineHeight: 1.25, fontSize: '0.85rem' }}
                label={
                  <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.25 }}>
                    <span>{t.label}</span>
                    <Box
                      component="span"
                      sx={{ px: 1, borderRadius: 99, bgcolor: 'action.selected', fontSize: '0.8rem', fontWeight: 800, minWidth: 24 }}
                    >
                      {count}
                    </Box>
                  </Box>
                }
              />
            );
          })}
        </Tabs>
        <Box
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${category}`}
          tabIndex={0}
          sx={{ maxHeight: 280, overflowY: 'auto', mt: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', borderRadius: 2 } }}
        >
          {loading ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              Loading chores…
            </Typography>
          ) : shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {tab.empty}
            </Typography>
          ) : (
            <List dense disablePadding>
              {shown.map((chore) => (
                <ListItem key={chore.id} divider sx={{ px: 0.5 }} secondaryAction={<Typography sx={{ fontWeight: 800, color: 'success.main' }}>{money.amount(chore.amount)}</Typography>}>
                  <ListItemText primary={chore.name} slotProps={{ primary: { sx: { fontWeight: 600, pr: 6 } } }} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
