// The markup editor's controls (photo-markup-editor.tsx): the row of tools and colours under
// the photo, and the small dialog a text mark is typed in.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ArrowOutward from '@mui/icons-material/ArrowOutward';
import Gesture from '@mui/icons-material/Gesture';
import PanoramaFishEye from '@mui/icons-material/PanoramaFishEye';
import TextFields from '@mui/icons-material/TextFields';
import Undo from '@mui/icons-material/Undo';
import type { MarkupTool } from './photo-markup';
import { MARKUP_COLORS, MARKUP_TOOLS, MAX_MARKUP_TEXT } from './photo-markup';
import { THUMB_TAP } from './touch';

const TOOL_ICONS = {
  pen: <Gesture />,
  arrow: <ArrowOutward />,
  circle: <PanoramaFishEye />,
  text: <TextFields />,
} as const;

/** The tools, Undo and the colours, each a pressed-or-not button. */
export function MarkupTools(props: {
  tool: MarkupTool;
  onTool: (tool: MarkupTool) => void;
  color: string;
  onColor: (color: string) => void;
  canUndo: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const { tool, color } = props;
  return (
    <Stack
      spacing={0.5}
      sx={{ px: 1, pt: 0.5, pb: 'max(8px, env(safe-area-inset-bottom))', alignItems: 'center' }}
      data-testid="markup-tools"
    >
      <Stack
        direction="row"
        role="group"
        aria-label={t('photoMarkup.tools')}
        sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'center' }}
      >
        {MARKUP_TOOLS.map((each) => (
          <IconButton
            key={each}
            aria-label={t(`photoMarkup.tool.${each}`)}
            aria-pressed={tool === each}
            onClick={() => props.onTool(each)}
            sx={{
              ...THUMB_TAP,
              color: 'inherit',
              bgcolor: tool === each ? 'primary.main' : 'transparent',
              '&:hover': { bgcolor: tool === each ? 'primary.dark' : 'grey.800' },
            }}
          >
            {TOOL_ICONS[each]}
          </IconButton>
        ))}
        <IconButton
          aria-label={t('photoMarkup.undo')}
          onClick={props.onUndo}
          disabled={!props.canUndo}
          sx={{ ...THUMB_TAP, color: 'inherit', '&.Mui-disabled': { color: 'grey.600' } }}
        >
          <Undo />
        </IconButton>
      </Stack>
      <Stack
        direction="row"
        role="group"
        aria-label={t('photoMarkup.colours')}
        sx={{ gap: 0.5, justifyContent: 'center' }}
      >
        {MARKUP_COLORS.map((each) => (
          <IconButton
            key={each.name}
            aria-label={t(`photoMarkup.colour.${each.name}`)}
            aria-pressed={color === each.value}
            onClick={() => props.onColor(each.value)}
            sx={THUMB_TAP}
          >
            <Box
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: each.value,
                border: '2px solid',
                borderColor: color === each.value ? 'common.white' : 'grey.700',
                outline: color === each.value ? '2px solid' : 'none',
                outlineColor: 'primary.light',
                outlineOffset: 2,
              }}
            />
          </IconButton>
        ))}
      </Stack>
    </Stack>
  );
}

/** Asks for a text mark's words; Add hands them over trimmed, Cancel or nothing typed adds none. */
export function MarkupTextDialog(props: { onAdd: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="markup-text-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // React sends a portal's events up its own tree: the form the photo was chosen in
          // (a record's dialog) must not take this as its own Save.
          event.stopPropagation();
          if (text.trim() === '') props.onClose();
          else props.onAdd(text.trim());
        }}
      >
        <DialogTitle id="markup-text-title">{t('photoMarkup.textTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            // The dialog opens for this one field: the user came to type.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            fullWidth
            margin="dense"
            label={t('photoMarkup.textLabel')}
            value={text}
            onChange={(event) => setText(event.target.value.slice(0, MAX_MARKUP_TEXT))}
            helperText={t('photoMarkup.textHint', { max: MAX_MARKUP_TEXT })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} sx={{ minHeight: 48 }}>
            {t('photoMarkup.textCancel')}
          </Button>
          <Button type="submit" variant="contained" sx={{ minHeight: 48 }}>
            {t('photoMarkup.textAdd')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
