// A walk form's checklist: its sections and lines, each answered pass / fail / not
// applicable with an optional note; a failed line raises a punch item in one tap,
// prefilled with the line's category, location and label.

import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import AddTask from '@mui/icons-material/AddTask';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { ChecklistAnswer, ChecklistLine, ChecklistResult, WalkFormDef } from '@field/domain';
import { CHECKLIST_RESULTS } from '@field/domain';

import { TAP } from '../../ui/touch';

export interface ChecklistProps {
  def: WalkFormDef;
  answers: Readonly<Record<string, ChecklistAnswer>>;
  onAnswer: (lineId: string, answer: ChecklistAnswer | undefined) => void;
  /** Lines that already raised a punch item in this form. */
  raised: ReadonlySet<string>;
  /** Undefined when the user may not add items of the form's item type. */
  onRaise: ((line: ChecklistLine) => void) | undefined;
  /** Presentation mode: notes are staff-only and hidden. */
  presentation: boolean;
  disabled: boolean;
}

/**
 * An answer's look: dark text until chosen, then filled in its colour with white text, so
 * which one is picked reads at a glance outdoors (a pale tint over small grey capitals did
 * not).
 */
const ANSWER_LOOK: Record<ChecklistResult, SxProps<Theme>> = {
  pass: chosen('success.main', 'success.dark'),
  fail: chosen('error.main', 'error.dark'),
  na: chosen('grey.700', 'grey.800'),
};

function chosen(fill: string, pressed: string): SxProps<Theme> {
  return {
    color: 'text.primary',
    fontSize: '0.9375rem',
    '&.Mui-selected': { bgcolor: fill, color: 'common.white' },
    '&.Mui-selected:hover': { bgcolor: pressed },
  };
}

const LineRow = memo(function LineRow(props: {
  line: ChecklistLine;
  answer: ChecklistAnswer | undefined;
  onAnswer: ChecklistProps['onAnswer'];
  raised: boolean;
  onRaise: ChecklistProps['onRaise'];
  presentation: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { line, answer } = props;
  const [noteOpen, setNoteOpen] = useState(false);
  const note = answer?.note ?? '';
  const showNote = !props.presentation && (noteOpen || note !== '' || answer?.result === 'fail');
  // A second tap on the chosen result keeps it (an answer is changed, not unset).
  const setResult = (result: ChecklistResult | null) => {
    if (result !== null) props.onAnswer(line.id, { ...(note === '' ? {} : { note }), result });
  };
  return (
    <Box
      data-testid="checklist-line"
      data-line={line.id}
      data-result={answer?.result ?? ''}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography id={`line-${line.id}`} sx={{ flex: 1 }}>
          {line.label}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={answer?.result ?? null}
          onChange={(_event, value: ChecklistResult | null) => setResult(value)}
          aria-labelledby={`line-${line.id}`}
          disabled={props.disabled}
          sx={{ flexShrink: 0 }}
        >
          {CHECKLIST_RESULTS.map((result) => (
            <ToggleButton
              key={result}
              value={result}
              sx={{ ...TAP, px: 2, ...ANSWER_LOOK[result] }}
            >
              {t(`walkForm.result.${result}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {!props.presentation && !showNote && (
          <Button size="small" sx={TAP} onClick={() => setNoteOpen(true)} disabled={props.disabled}>
            {t('walkForm.addNote')}
          </Button>
        )}
        {answer?.result === 'fail' &&
          props.onRaise !== undefined &&
          (props.raised ? (
            <Typography
              variant="body2"
              color="success.main"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              data-testid="line-raised"
            >
              <CheckCircle fontSize="small" /> {t('walkForm.itemRaised')}
            </Typography>
          ) : (
            <Button
              size="small"
              variant="outlined"
              color="error"
              sx={TAP}
              startIcon={<AddTask />}
              disabled={props.disabled}
              onClick={() => props.onRaise?.(line)}
              data-testid="raise-item"
            >
              {t('walkForm.raiseItem')}
            </Button>
          ))}
      </Stack>
      {showNote && (
        <TextField
          label={t('walkForm.lineNote', { line: line.label })}
          value={note}
          size="small"
          fullWidth
          multiline
          disabled={props.disabled}
          sx={{ mt: 1 }}
          onChange={(event) => {
            const text = event.target.value;
            props.onAnswer(line.id, {
              result: answer?.result ?? 'na',
              ...(text === '' ? {} : { note: text }),
            });
          }}
        />
      )}
    </Box>
  );
});

export function Checklist(props: ChecklistProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="checklist">
      {props.def.sections.map((section) => (
        <Paper key={section.title} variant="outlined" sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
            {section.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('walkForm.sectionCount', { count: section.lines.length })}
          </Typography>
          {section.lines.map((line) => (
            <LineRow
              key={line.id}
              line={line}
              answer={props.answers[line.id]}
              onAnswer={props.onAnswer}
              raised={props.raised.has(line.id)}
              onRaise={props.onRaise}
              presentation={props.presentation}
              disabled={props.disabled}
            />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
