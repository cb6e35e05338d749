import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useController, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ChoreCategory, ChildDto } from '../../../../shared/api-types';
import { describeChoreSchedule } from '../../../../shared/rhythm';
import { NTH_OPTIONS, planIssues, repeatOptions, toRhythm, toWho, TURNS_OPTIONS, WHO_OPTIONS, type PlanFormValues } from './chore-plan-form';
import { DayPicker, DAY_LONG } from '../form/day-picker';
import { FormDateField, FormNumberField, FormSelectField } from '../form/form-fields';
import { WEEKDAYS } from '../../../../shared/time';

const WEEKDAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: DAY_LONG[d] }));

/** The dialog's form: the chore fields plus `plan`. */
type WithPlan = FieldValues & { plan: PlanFormValues; category: ChoreCategory };

export interface ChorePlanSectionProps<T extends WithPlan> {
  control: Control<T>;
  children: readonly Pick<ChildDto, 'id' | 'displayName' | 'maxDifficultyLevel'>[];
  difficulty: number;
  disabled?: boolean;
  defaultExpanded?: boolean;
}

/** The chore's schedule in one sentence, from the form as it stands (nothing while a field is incomplete). */
export function planSentence(plan: PlanFormValues, category: ChoreCategory, childNames: Record<string, string>): string | null {
  if (planIssues(plan, category).length > 0) return null;
  return describeChoreSchedule({ category, rhythm: toRhythm(plan, category), who: toWho(plan, category), childNames });
}

/**
 * "How often" and "Who does it" (issue 21), folded away under the sentence that says them: a family
 * that opens nothing keeps today's chore (the category's rhythm, one child at a time, balanced).
 */
export function ChorePlanSection<T extends WithPlan>({ control, children, difficulty, disabled, defaultExpanded }: ChorePlanSectionProps<T>) {
  const ctl = control as unknown as Control<WithPlan>;
  const plan = useWatch({ control: ctl, name: 'plan' }) as PlanFormValues;
  const category = useWatch({ control: ctl, name: 'category' }) as ChoreCategory;
  const childNames = useMemo(() => Object.fromEntries(children.map((c) => [c.id, c.displayName])), [children]);
  const sentence = planSentence(plan, category, childNames);
  const summaryId = useId();
  if (category === 'continuous') return null;
  const p = (name: keyof PlanFormValues) => `plan.${name}` as Path<WithPlan>;
  const needsDays = plan.repeat === 'days' || plan.repeat === 'everyNWeeks';
  const picked = children.filter((c) => plan.children.includes(c.id));
  const canDo = children.filter((c) => (c.maxDifficultyLevel ?? 5) >= difficulty);

  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters variant="outlined" sx={{ borderRadius: '12px', '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${summaryId}-body`} id={summaryId}>
        <Box>
          <Typography sx={{ fontWeight: 800 }}>How often and who does it</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="plan-sentence" aria-live="polite">
            {sentence ?? 'Finish the fields below to see the schedule in words.'}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-body`}>
        <Stack spacing={2.5}>
          <FormSelectField control={ctl} name={p('repeat')} label="Repeat" options={repeatOptions(category)} disabled={disabled} />
          {plan.repeat === 'everyNDays' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormNumberField control={ctl} name={p('every')} label="Every how many days" min={2} max={90} disabled={disabled} />
              <FormDateField control={ctl} name={p('start')} label="First time on" disabled={disabled} />
            </Stack>
          )}
          {plan.repeat === 'everyNWeeks' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormNumberField control={ctl} name={p('every')} label="Every how many weeks" min={2} max={12} disabled={disabled} />
              <FormDateField control={ctl} name={p('start')} label="Starting the week of" disabled={disabled} />
            </Stack>
          )}
          {needsDays && <DaysField control={ctl} name={p('days')} label="On these days" disabled={disabled} />}
          {plan.repeat === 'monthlyDate' && (
            <FormNumberField control={ctl} name={p('monthDay')} label="Day of the month" min={1} max={31} hint="A shorter month has it on its last day." disabled={disabled} />
          )}
          {plan.repeat === 'monthlyWeekday' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField control={ctl} name={p('nth')} label="Which one" options={NTH_OPTIONS} disabled={disabled} />
              <FormSelectField control={ctl} name={p('weekday')} label="Weekday" options={WEEKDAY_OPTIONS} disabled={disabled} />
            </Stack>
          )}
          {plan.repeat === 'once' && <FormDateField control={ctl} name={p('once')} label="On" disabled={disabled} />}

          <FormSelectField control={ctl} name={p('who')} label="Who does it" options={WHO_OPTIONS} disabled={disabled} />
          {plan.who === 'one' && (
            <FormSelectField
              control={ctl}
              name={p('turns')}
              label="Turns"
              options={TURNS_OPTIONS}
              hint={plan.turns === 'week' ? 'One child does it all week, the next child the week after.' : plan.turns === 'fair' ? 'Whoever has done it least lately gets it next.' : 'ChoreQuest picks, keeping the week’s rewards even.'}
              disabled={disabled}
            />
          )}
          {plan.who === 'first' && (
            <Typography variant="body2" color="text.secondary">
              First one wins: every picked child at home sees it; the first tick takes it for the day and it is paid once.
            </Typography>
          )}
          <ChildrenField control={ctl} name={p('children')} childList={children} canDo={canDo} disabled={disabled} />
          {plan.who === 'each' &&
            picked.map((child) => (
              <ChildDaysField key={child.id} control={ctl} childId={child.id} name={child.displayName} disabled={disabled} />
            ))}
          {plan.who === 'each' && picked.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Tick children above to give each of them their own days.
            </Typography>
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function DaysField({ control, name, label, disabled }: { control: Control<WithPlan>; name: Path<WithPlan>; label: string; disabled?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  return <DayPicker label={label} value={field.value as never} onChange={field.onChange} error={fieldState.error?.message} disabled={disabled} />;
}

function ChildDaysField({ control, childId, name, disabled }: { control: Control<WithPlan>; childId: string; name: string; disabled?: boolean }) {
  const { field } = useController({ control, name: 'plan.childDays' as Path<WithPlan> });
  const all = (field.value ?? {}) as PlanFormValues['childDays'];
  return (
    <DayPicker
      label={`${name}’s days`}
      value={all[childId] ?? []}
      onChange={(days) => field.onChange({ ...all, [childId]: days })}
      hint="None picked: every time it happens."
      disabled={disabled}
    />
  );
}

function ChildrenField({
  control,
  name,
  childList,
  canDo,
  disabled,
}: {
  control: Control<WithPlan>;
  name: Path<WithPlan>;
  childList: ChorePlanSectionProps<WithPlan>['children'];
  canDo: ChorePlanSectionProps<WithPlan>['children'];
  disabled?: boolean;
}) {
  const { field } = useController({ control, name });
  const value = (field.value ?? []) as string[];
  const legendId = useId();
  const hintId = useId();
  return (
    <Box component="fieldset" aria-describedby={hintId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={legendId} variant="body2" sx={{ fontWeight: 700, p: 0 }}>
        Which children
      </Typography>
      {childList.length === 0 ? (
        <FormHelperText id={hintId}>No children yet: add a child to pick who does it.</FormHelperText>
      ) : (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {childList.map((c) => (
              <FormControlLabel
                key={c.id}
                label={c.displayName}
                control={
                  <Checkbox
                    checked={value.includes(c.id)}
                    disabled={disabled}
                    onChange={(_, on) => field.onChange(on ? [...value, c.id] : value.filter((id) => id !== c.id))}
                  />
                }
              />
            ))}
          </Stack>
          <FormHelperText id={hintId} sx={{ mt: 0 }}>
            {value.length > 0
              ? 'Only the ticked children get it, whatever their level.'
              : canDo.length > 0
                ? `None ticked: every child whose level allows it (${canDo.map((c) => c.displayName).join(', ')}).`
                : 'None ticked, and no child’s level allows this chore yet: no one can take it.'}
          </FormHelperText>
        </>
      )}
    </Box>
  );
}
