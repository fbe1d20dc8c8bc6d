// The markup editor (loaded on demand): the photo fills the screen, the user draws arrows,
// circles, freehand lines and short texts on it with a finger, a pen or a mouse, undoes,
// and saves a marked-up copy at the photo's own size (docs/decisions.md, Markup on photos).
// Its controls are photo-markup-controls.tsx; the drawing, use-markup-drawing.ts.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { MarkupTool } from './photo-markup';
import { MARKUP_COLORS } from './photo-markup';
import { MarkupTextDialog, MarkupTools } from './photo-markup-controls';
import { THUMB_TAP } from './touch';
import {
  renderMarkedUp,
  useMarkupDrawing,
  useMeasuredBox,
  usePhotoBitmap,
} from './use-markup-drawing';

export function PhotoMarkupEditor(props: {
  photo: Blob;
  name: string;
  onSave: (marked: Blob) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { bitmap, failed: unreadable } = usePhotoBitmap(props.photo);
  const [saveFailed, setSaveFailed] = useState(false);
  const [tool, setTool] = useState<MarkupTool>('pen');
  const [color, setColor] = useState<string>(MARKUP_COLORS[0].value);
  const [saving, setSaving] = useState(false);
  const { box, measure } = useMeasuredBox();
  const { shapes, fitted, canvasRef, handlers, textAt, addText, cancelText, undo } =
    useMarkupDrawing({ bitmap, box, tool, color });
  const failed = unreadable || saveFailed;

  function save() {
    if (bitmap === null) return;
    setSaving(true);
    void renderMarkedUp(bitmap, shapes).then((blob) => {
      setSaving(false);
      if (blob === null) setSaveFailed(true);
      else props.onSave(blob);
    });
  }

  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  return (
    <Dialog
      fullScreen
      open
      onClose={props.onClose}
      aria-labelledby="photo-markup-title"
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 'z' && textAt === null) {
          event.preventDefault();
          undo();
        }
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: 1, py: 0.5, minHeight: 56 }}
        data-testid="markup-header"
      >
        <IconButton
          aria-label={t('photoMarkup.cancel')}
          onClick={props.onClose}
          sx={{ ...THUMB_TAP, color: 'inherit' }}
        >
          <Close />
        </IconButton>
        <Typography id="photo-markup-title" variant="h6" component="h2" noWrap sx={{ flex: 1 }}>
          {t('photoMarkup.title')}
        </Typography>
        <Button
          variant="contained"
          onClick={save}
          disabled={bitmap === null || saving}
          sx={{ minHeight: 48, minWidth: 96 }}
        >
          {t('photoMarkup.save')}
        </Button>
      </Stack>
      <Box
        ref={measure}
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {failed && <Typography role="alert">{t('photoMarkup.failed')}</Typography>}
        {!failed && fitted !== null && fitted.width > 0 && (
          <canvas
            ref={canvasRef}
            data-testid="markup-canvas"
            aria-label={t('photoMarkup.canvas', { name: props.name })}
            role="img"
            width={Math.round(fitted.width * dpr)}
            height={Math.round(fitted.height * dpr)}
            style={{
              width: fitted.width,
              height: fitted.height,
              touchAction: 'none',
              cursor: tool === 'text' ? 'text' : 'crosshair',
            }}
            {...handlers}
          />
        )}
      </Box>
      <MarkupTools
        tool={tool}
        onTool={setTool}
        color={color}
        onColor={setColor}
        canUndo={shapes.length > 0}
        onUndo={undo}
      />
      {textAt !== null && <MarkupTextDialog onAdd={addText} onClose={cancelText} />}
    </Dialog>
  );
}
