// The markup editor (loaded on demand): the photo fills the screen, the user draws arrows,
// circles, freehand lines and short texts on it with a finger, a pen or a mouse, undoes,
// and saves a marked-up copy at the photo's own size (docs/decisions.md, Markup on photos).

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
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
import Typography from '@mui/material/Typography';
import ArrowOutward from '@mui/icons-material/ArrowOutward';
import Close from '@mui/icons-material/Close';
import Gesture from '@mui/icons-material/Gesture';
import PanoramaFishEye from '@mui/icons-material/PanoramaFishEye';
import TextFields from '@mui/icons-material/TextFields';
import Undo from '@mui/icons-material/Undo';
import type { MarkupShape, MarkupTool, Point } from './photo-markup';
import {
  MARKUP_COLORS,
  MARKUP_TOOLS,
  MAX_MARKUP_TEXT,
  drawMarkup,
  fitInside,
  isVisible,
  lineWidthFor,
} from './photo-markup';

/** Touch targets of the editor's tools: 48 px, used with a thumb while holding the phone. */
const TOOL = { width: 48, height: 48 } as const;

const TOOL_ICONS = {
  pen: <Gesture />,
  arrow: <ArrowOutward />,
  circle: <PanoramaFishEye />,
  text: <TextFields />,
} as const;

export function PhotoMarkupEditor(props: {
  photo: Blob;
  name: string;
  onSave: (marked: Blob) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [failed, setFailed] = useState(false);
  const [shapes, setShapes] = useState<MarkupShape[]>([]);
  const [tool, setTool] = useState<MarkupTool>('pen');
  const [color, setColor] = useState<string>(MARKUP_COLORS[0].value);
  const [textAt, setTextAt] = useState<Point | null>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const draft = useRef<{ pointer: number; shape: MarkupShape } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);

  useEffect(() => {
    let live = true;
    let made: ImageBitmap | undefined;
    // Inside a promise: where the browser has no createImageBitmap the editor says it cannot
    // open the photo rather than failing the screen.
    Promise.resolve(props.photo)
      .then((photo) => createImageBitmap(photo))
      .then(
        (image) => {
          made = image;
          if (live) setBitmap(image);
          else image.close();
        },
        () => {
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
      made?.close();
    };
  }, [props.photo]);

  // The space the photo may take: measured, so the whole photo fits any screen.
  const measure = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    resize.observe(element);
    observer.current = resize;
  }, []);

  const lineWidth = bitmap === null ? 3 : lineWidthFor(bitmap.width, bitmap.height);
  const fitted =
    bitmap === null ? null : fitInside(bitmap.width, bitmap.height, box.width, box.height);

  const redraw = useCallback(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (element === null || element === undefined || !context || bitmap === null) return;
    const scale = element.width / bitmap.width;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.drawImage(bitmap, 0, 0);
    const drawing = draft.current?.shape;
    drawMarkup(context, drawing === undefined ? shapes : [...shapes, drawing], lineWidth);
  }, [bitmap, shapes, lineWidth]);

  useEffect(redraw, [redraw, fitted?.width, fitted?.height]);

  function pointOf(
    event: Pick<PointerEvent, 'clientX' | 'clientY'>,
    element: HTMLCanvasElement,
  ): Point {
    const rect = element.getBoundingClientRect();
    const width = bitmap?.width ?? 1;
    const height = bitmap?.height ?? 1;
    return {
      x: ((event.clientX - rect.left) / rect.width) * width,
      y: ((event.clientY - rect.top) / rect.height) * height,
    };
  }

  function start(event: ReactPointerEvent<HTMLCanvasElement>) {
    // One stroke at a time: a second finger or the palm under a pen does not draw.
    if (draft.current !== null || bitmap === null || !event.isPrimary) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = pointOf(event, event.currentTarget);
    if (tool === 'text') {
      draft.current = { pointer: event.pointerId, shape: { kind: 'text', color, at, text: '' } };
      return;
    }
    const shape: MarkupShape =
      tool === 'pen'
        ? { kind: 'pen', color, points: [at] }
        : { kind: tool, color, from: at, to: at };
    draft.current = { pointer: event.pointerId, shape };
  }

  function move(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = draft.current;
    if (current === null || current.pointer !== event.pointerId) return;
    const shape = current.shape;
    if (shape.kind === 'pen') {
      // A pen reports more points than frames: keep them all for a smooth line.
      const native = event.nativeEvent;
      const events =
        typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
      for (const each of events.length === 0 ? [native] : events) {
        shape.points.push(pointOf(each, event.currentTarget));
      }
    } else if (shape.kind !== 'text') {
      shape.to = pointOf(event, event.currentTarget);
    }
    redraw();
  }

  function end(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = draft.current;
    if (current === null || current.pointer !== event.pointerId) return;
    draft.current = null;
    const shape = current.shape;
    if (shape.kind === 'text') {
      setText('');
      setTextAt(shape.at);
      return;
    }
    // A dot: a tap with the pen is drawn as a short stroke.
    if (shape.kind === 'pen' && shape.points.length === 1 && shape.points[0] !== undefined) {
      const dot = shape.points[0];
      shape.points.push({ x: dot.x + 0.5, y: dot.y + 0.5 });
    }
    if (isVisible(shape, lineWidth)) setShapes((all) => [...all, shape]);
    else redraw();
  }

  function cancelStroke() {
    draft.current = null;
    redraw();
  }

  function addText() {
    if (textAt !== null && text.trim() !== '') {
      setShapes((all) => [...all, { kind: 'text', color, at: textAt, text: text.trim() }]);
    }
    setTextAt(null);
  }

  const undo = () => setShapes((all) => all.slice(0, -1));

  function save() {
    if (bitmap === null) return;
    setSaving(true);
    const full = document.createElement('canvas');
    full.width = bitmap.width;
    full.height = bitmap.height;
    const context = full.getContext('2d');
    if (context === null) {
      setSaving(false);
      setFailed(true);
      return;
    }
    context.drawImage(bitmap, 0, 0);
    drawMarkup(context, shapes, lineWidth);
    full.toBlob(
      (blob) => {
        setSaving(false);
        if (blob === null) setFailed(true);
        else props.onSave(blob);
      },
      'image/jpeg',
      0.9,
    );
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
          sx={{ ...TOOL, color: 'inherit' }}
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
            ref={canvas}
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
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={cancelStroke}
          />
        )}
      </Box>
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
              onClick={() => setTool(each)}
              sx={{
                ...TOOL,
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
            onClick={undo}
            disabled={shapes.length === 0}
            sx={{ ...TOOL, color: 'inherit', '&.Mui-disabled': { color: 'grey.600' } }}
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
              onClick={() => setColor(each.value)}
              sx={TOOL}
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
      {textAt !== null && (
        <Dialog open onClose={() => setTextAt(null)} aria-labelledby="markup-text-title">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              // React sends a portal's events up its own tree: the form the photo was
              // chosen in (a record's dialog) must not take this as its own Save.
              event.stopPropagation();
              addText();
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
              <Button onClick={() => setTextAt(null)} sx={{ minHeight: 48 }}>
                {t('photoMarkup.textCancel')}
              </Button>
              <Button type="submit" variant="contained" sx={{ minHeight: 48 }}>
                {t('photoMarkup.textAdd')}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
    </Dialog>
  );
}
