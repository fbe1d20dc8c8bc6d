// A walk of one form, new or stored: date, who walks, notes, the checklist, photos, the
// punch items raised on it and, for closing walks, the sign-off with both signatures and
// the PDF. Everything is kept on the device as the user types (a draft) and goes to the
// server through the offline queue when the walk is submitted.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import type {
  ChecklistAnswer,
  ChecklistLine,
  Signature,
  WalkFormDef,
  WalkFormField,
} from '@field/domain';
import {
  STAFF_TYPES,
  WALK_ITEM_SCOPE,
  hasAccess,
  missingWalkFields,
  readChecklistAnswer,
  signatureSchema,
  z,
} from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { useHomeItems } from '../../data/home-items';
import { useLocalSettings } from '../../data/local-settings';
import type { NewPunchItem, PhotoRef } from '../../data/punch-items';
import { WALK_PHOTO_COLLECTION, photosOf, toItem } from '../../data/punch-items';
import type { RecordSyncState } from '../../data/queued-records';
import type { FieldRecord } from '../../data/records';
import { textOf, useEmployeeNames } from '../../data/records';
import { useSignedIn } from '../../data/session';
import type { ChosenPhoto } from '../../data/walks';
import { attachWalkPdf, dropPhoto, keepPhoto, saveWalk, useFormWalks } from '../../data/walks';
import { useFormDraft } from '../../data/form-draft';
import { useOfflineEngine } from '../../offline/react';
import { errorText } from '../../ui/error-text';
import { Thumbnail } from '../../ui/photo-thumbnail';
import { cellText } from '../../ui/record-table';
import { HistoryButton } from '../../ui/history-button';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { toast } from '../../ui/toast';
import { Checklist } from './checklist';
import { makeWalkPdf } from './pdf/make-walk-pdf';
import { SignOff, signedByBoth } from './sign-off';
import { walkPdfInput } from './walk-pdf-input';
import { DraftOffer } from '../../ui/draft-offer';
import { WalkPdfActions, walkPdfName } from './walk-pdf-actions';
import { fullName, walkerIdOf, walkerName } from './walk-people';

import { TAP } from '../../ui/touch';

/** A punch item raised in this form, sent after the walk. */
export interface RaisedItem extends NewPunchItem {
  key: string;
  /** The checklist line it came from. */
  line?: string;
}

/** What the form holds: the draft's data. */
export type WalkFormState = {
  walkId: string;
  date: string;
  notes: string;
  checklist: Record<string, ChecklistAnswer>;
  customerServiceStaff: string;
  keptPhotos: PhotoRef[];
  newPhotos: ChosenPhoto[];
  items: RaisedItem[];
  buyerName: string;
  signatures: Signature[];
};

function answersOf(value: unknown): Record<string, ChecklistAnswer> {
  const answers: Record<string, ChecklistAnswer> = {};
  if (typeof value !== 'object' || value === null) return answers;
  for (const [line, stored] of Object.entries(value)) {
    const answer = readChecklistAnswer(stored);
    if (answer !== undefined) answers[line] = answer;
  }
  return answers;
}

function signaturesOf(value: unknown): Signature[] {
  const parsed = z.array(signatureSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
}

function initialState(walkId: string, walk: FieldRecord | undefined): WalkFormState {
  const staff = walk?.['customerServiceStaff'];
  const signatures = signaturesOf(walk?.['signatures']);
  return {
    walkId,
    date: walk === undefined ? new Date().toISOString() : textOf(walk, 'date'),
    notes: walk === undefined ? '' : textOf(walk, 'notes'),
    checklist: answersOf(walk?.['checklist']),
    customerServiceStaff: Array.isArray(staff)
      ? String(staff[0] ?? '')
      : typeof staff === 'string'
        ? staff
        : '',
    keptPhotos: photosOf(walk?.['uploadedFiles']),
    newPhotos: [],
    items: [],
    buyerName: signatures.find((s) => s.role === 'buyer')?.name ?? '',
    signatures,
  };
}

/** The home's staff, for the customer service pick: customer service lists first. */
function homeStaff(home: ActiveHome): string[] {
  const order = ['Initial CS Staff', 'Year End Staff', ...STAFF_TYPES] as const;
  const ids: string[] = [];
  for (const type of order) {
    const list = type === 'Offline Homes' ? [] : (home[type] ?? []);
    for (const id of list) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export interface WalkEditorProps {
  def: WalkFormDef;
  home: ActiveHome;
  /** A stored walk's id; undefined starts a new walk. */
  walkId: string | undefined;
  canWrite: boolean;
}

export function WalkEditor(props: WalkEditorProps) {
  const { t } = useTranslation();
  const { def, home } = props;
  const walks = useFormWalks(def, home.id);
  if (props.walkId !== undefined && walks.records === undefined) {
    return walks.query.error === null ? (
      <LinearProgress aria-label={t('walkForm.loading')} />
    ) : (
      <Alert severity="error">{errorText(walks.query.error)}</Alert>
    );
  }
  const walk =
    props.walkId === undefined ? undefined : walks.records?.find((w) => w.id === props.walkId);
  if (props.walkId !== undefined && walk === undefined) {
    return <Alert severity="warning">{t('walkForm.notFound')}</Alert>;
  }
  return (
    <WalkForm
      {...props}
      walk={walk}
      syncState={walk === undefined ? undefined : walks.states.get(walk.id)}
    />
  );
}

function WalkForm(
  props: WalkEditorProps & {
    walk: FieldRecord | undefined;
    syncState: RecordSyncState | undefined;
  },
) {
  const { t } = useTranslation();
  const { def, home, walk } = props;
  const engine = useOfflineEngine();
  const [, setSearch] = useSearchParams();
  const { user, access } = useSignedIn();
  const settings = useLocalSettings();
  const presentation = settings.mode === 'presentation';
  const names = useEmployeeNames(hasAccess(access, ['collaboration_staff'], 'read'));
  const [state, setState] = useState<WalkFormState>(() =>
    initialState(walk?.id ?? crypto.randomUUID(), walk),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState<false | 'walk' | 'pdf'>(false);
  const [error, setError] = useState<string | null>(null);
  const items = useHomeItems(home.id, access);
  const walkItems = useMemo(
    () => (items.records ?? []).map(toItem).filter((item) => item.WalkID === state.walkId),
    [items.records, state.walkId],
  );
  const [signaturesChanged, setSignaturesChanged] = useState(false);
  const title = t(`nav.walk-${def.segment}`);
  const draft = useFormDraft<WalkFormState>({
    homeRID: home.HomeRID,
    homeID: String(home.HomeID),
    address: home.Address,
    // A new walk's draft is the form's; a stored walk's changes are that walk's.
    formTitle: walk === undefined ? `walk:${def.segment}` : `walk:${def.segment}:${walk.id}`,
    title: walk === undefined ? t('walkForm.newTitle', { form: title }) : title,
    values: state,
    enabled: props.canWrite,
    files: state.newPhotos.map((photo) => photo.fileId),
  });
  // The form holds one reference to each photo it chose; it lets go of them when it closes
  // without submitting (a draft keeps its own).
  const latest = useRef({ state, submitted: false });
  useEffect(() => {
    latest.current.state = state;
  }, [state]);
  useEffect(
    () => () => {
      if (latest.current.submitted) return;
      for (const photo of latest.current.state.newPhotos) void dropPhoto(engine, photo);
    },
    [engine],
  );
  const resume = async () => {
    const resumed = draft.resume();
    for (const photo of resumed.newPhotos) {
      await engine.files.retain(photo.fileId).catch(() => undefined);
    }
    for (const photo of state.newPhotos) void dropPhoto(engine, photo);
    setState({ ...resumed, newPhotos: resumed.newPhotos });
    setSignaturesChanged(true);
  };
  const canRaise = hasAccess(access, [WALK_ITEM_SCOPE[def.itemWalk]], 'write');
  const disabled = !props.canWrite || saving !== false;
  const walker = walk === undefined ? walkerIdOf(user) : textOf(walk, 'user');
  const missing = missingWalkFields(def, {
    date: state.date,
    user: walker,
    customerServiceStaff: state.customerServiceStaff,
  });
  const buyerSigned = state.signatures.some((s) => s.role === 'buyer');
  const buyerNameMissing = def.signOff && buyerSigned && state.buyerName.trim() === '';
  const fieldError = (field: WalkFormField): string | undefined =>
    showErrors && missing.includes(field) ? t(`walkForm.required.${field}`) : undefined;

  const update = useCallback((change: Partial<WalkFormState>) => {
    setState((current) => ({ ...current, ...change }));
  }, []);
  const onAnswer = useCallback((line: string, answer: ChecklistAnswer | undefined) => {
    setState((current) => {
      const checklist = { ...current.checklist };
      if (answer === undefined) delete checklist[line];
      else checklist[line] = answer;
      return { ...current, checklist };
    });
  }, []);
  const onRaise = useCallback(
    (line: ChecklistLine) => {
      setState((current) => ({
        ...current,
        items: [
          ...current.items,
          {
            key: crypto.randomUUID(),
            line: line.id,
            Walk: def.itemWalk,
            Category: line.category,
            Location: line.location,
            Name: line.label,
          },
        ],
      }));
    },
    [def.itemWalk],
  );
  const raised = useMemo(
    () => new Set(state.items.flatMap((item) => (item.line === undefined ? [] : [item.line]))),
    [state.items],
  );

  const close = () => setSearch({});

  const addPhotos = async (files: File[]) => {
    try {
      const kept: ChosenPhoto[] = [];
      for (const file of files) kept.push(await keepPhoto(engine, file));
      setState((current) => ({ ...current, newPhotos: [...current.newPhotos, ...kept] }));
    } catch (caught) {
      toast(errorText(caught), 'error');
    }
  };
  const removeNewPhoto = (photo: ChosenPhoto) => {
    setState((current) => ({
      ...current,
      newPhotos: current.newPhotos.filter((p) => p.fileId !== photo.fileId),
    }));
    void dropPhoto(engine, photo);
  };

  const submit = async () => {
    setShowErrors(true);
    setError(null);
    if (missing.length > 0 || buyerNameMissing) {
      setError(t('walkForm.cannotSave'));
      return;
    }
    setSaving('walk');
    try {
      const saved = await saveWalk(engine, {
        def,
        homeId: home.id,
        walkId: state.walkId,
        existing: walk,
        values: {
          date: state.date,
          user: walker,
          notes: state.notes,
          checklist: state.checklist,
          ...(def.extraFields.includes('customerServiceStaff')
            ? { customerServiceStaff: state.customerServiceStaff }
            : {}),
          ...(def.signOff && state.signatures.length > 0 ? { signatures: state.signatures } : {}),
        },
        keptPhotos: state.keptPhotos,
        newPhotos: state.newPhotos,
        items: state.items.map(({ Walk, Category, Location, Name }) => ({
          Walk,
          Category,
          Location,
          Name,
        })),
      });
      latest.current.submitted = true;
      await draft.clear();
      const makePdf =
        def.signOff &&
        signedByBoth(state.signatures) &&
        (signaturesChanged || textOf(saved, 'pdfUrl') === '');
      // The walk is queued now: a PDF that cannot be made leaves it saved, unsigned-off,
      // and opening it again retries (its pdfUrl is still empty).
      let pdfError: string | undefined;
      if (makePdf) {
        setSaving('pdf');
        try {
          const pdf = await makeWalkPdf(
            await walkPdfInput(engine, {
              def,
              home,
              walk: {
                id: state.walkId,
                date: state.date,
                notes: state.notes,
                checklist: state.checklist,
                signatures: state.signatures,
              },
              staff: [
                { label: t('walkForm.walkedBy'), name: walkerName(walker, names, user) },
                ...(state.customerServiceStaff === ''
                  ? []
                  : [
                      {
                        label: t('walkForm.customerServiceStaff'),
                        name: names.get(state.customerServiceStaff) ?? state.customerServiceStaff,
                      },
                    ]),
              ],
              items: [
                ...walkItems,
                ...state.items.map((item) => ({ ...item, Status: 'Outstanding', Photos: [] })),
              ],
              t,
            }),
          );
          await attachWalkPdf(engine, def, saved, pdf, walkPdfName(saved, String(home.HomeID)));
        } catch (caught) {
          pdfError = errorText(caught);
        }
      }
      if (pdfError === undefined) {
        toast(t(walk === undefined ? 'walkForm.saved' : 'walkForm.changed'), 'success');
      } else {
        toast(t('walkForm.pdfFailed', { message: pdfError }), 'error');
      }
      close();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  };

  const staffOptions = homeStaff(home);
  const signOff = def.signOff ? (
    <SignOff
      buyerName={state.buyerName}
      staffName={fullName(user)}
      signatures={state.signatures}
      buyerNameError={showErrors && buyerNameMissing ? t('walkForm.buyerNameRequired') : undefined}
      disabled={disabled}
      onChange={(change) => {
        if (change.signatures !== undefined) setSignaturesChanged(true);
        update(change);
      }}
    />
  ) : null;
  return (
    <Box
      component="form"
      noValidate
      data-testid="walk-form"
      data-walk-id={state.walkId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{
        maxWidth: 960,
        ...(presentation && {
          '& .MuiTypography-body1, & .MuiInputBase-input, & .MuiToggleButton-root': {
            fontSize: '1.2rem',
          },
        }),
      }}
    >
      <Stack spacing={2} sx={{ pb: 10 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('walkForm.back')} onClick={close} sx={TAP}>
            <ArrowBack />
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {walk === undefined
                ? t('walkForm.newWalk')
                : t('walkForm.walkOf', { date: cellText(walk['date']) })}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {home.Address} · {home.HomeID}
            </Typography>
          </Box>
          <SyncStateChip
            state={props.syncState}
            {...(walk === undefined ? {} : { recordId: walk.id })}
          />
          {walk !== undefined && (
            <HistoryButton
              kind={def.kind}
              recordId={walk.id}
              label={t('walkForm.walkOf', { date: cellText(walk['date']) })}
            />
          )}
        </Stack>
        {!props.canWrite && <Alert severity="info">{t('walkForm.readOnly')}</Alert>}
        {walk !== undefined && def.signOff && <WalkPdfActions walk={walk} />}
        {draft.offer !== undefined && (
          <DraftOffer
            offer={draft.offer}
            onResume={() => void resume()}
            onDismiss={() => void draft.dismiss()}
          />
        )}
        {presentation && signOff}

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('walkForm.date')}
                type="date"
                required
                value={state.date.slice(0, 10)}
                disabled={disabled}
                error={fieldError('date') !== undefined}
                helperText={fieldError('date')}
                onChange={(event) => {
                  const day = event.target.value;
                  update({
                    date: day === '' ? '' : `${day}${state.date.slice(10) || 'T12:00:00.000Z'}`,
                  });
                }}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ minWidth: 200 }}
              />
              <TextField
                label={t('walkForm.walkedBy')}
                value={walkerName(walker, names, user)}
                disabled
                error={fieldError('user') !== undefined}
                helperText={fieldError('user')}
                sx={{ flex: 1 }}
              />
            </Stack>
            {def.extraFields.includes('customerServiceStaff') && (
              <TextField
                select
                required
                label={t('walkForm.customerServiceStaff')}
                value={state.customerServiceStaff}
                disabled={disabled}
                error={fieldError('customerServiceStaff') !== undefined}
                helperText={fieldError('customerServiceStaff') ?? t('walkForm.customerServiceHint')}
                onChange={(event) => update({ customerServiceStaff: event.target.value })}
                data-testid="customer-service-staff"
              >
                {staffOptions.length === 0 && (
                  <MenuItem value="" disabled>
                    {t('walkForm.noStaff')}
                  </MenuItem>
                )}
                {staffOptions.map((id) => (
                  <MenuItem key={id} value={id} sx={TAP}>
                    {names.get(id) ?? id}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!presentation && (
              <TextField
                label={t('walkForm.notes')}
                value={state.notes}
                multiline
                minRows={2}
                disabled={disabled}
                onChange={(event) => update({ notes: event.target.value })}
              />
            )}
          </Stack>
        </Paper>

        <Typography variant="h6" component="h2">
          {t('walkForm.checklist')}
        </Typography>
        <Checklist
          def={def}
          answers={state.checklist}
          onAnswer={onAnswer}
          raised={raised}
          onRaise={canRaise && props.canWrite ? onRaise : undefined}
          presentation={presentation}
          disabled={disabled}
        />

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {t('walkForm.photos')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="walk-photos">
              {state.keptPhotos.map((photo) => (
                <Thumbnail
                  key={`${photo.collection}/${photo.key}`}
                  photo={photo}
                  state={undefined}
                />
              ))}
              {state.newPhotos.map((photo) => (
                <Box key={photo.fileId} sx={{ position: 'relative' }}>
                  <Thumbnail
                    photo={{
                      collection: WALK_PHOTO_COLLECTION,
                      key: `${state.walkId}/${photo.fileId}`,
                      name: photo.name,
                    }}
                    state="pending"
                  />
                  <IconButton
                    size="small"
                    aria-label={t('walkForm.removePhoto', { name: photo.name })}
                    onClick={() => removeNewPhoto(photo)}
                    disabled={disabled}
                    sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper' }}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </Box>
              ))}
              {state.keptPhotos.length + state.newPhotos.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('walkForm.noPhotos')}
                </Typography>
              )}
            </Box>
            {props.canWrite && (
              <Box>
                <Button
                  component="label"
                  variant="outlined"
                  startIcon={<AddAPhoto />}
                  sx={TAP}
                  disabled={disabled}
                >
                  {t('walkForm.addPhotos')}
                  <input
                    hidden
                    type="file"
                    accept="image/*"
                    multiple
                    data-testid="walk-photo-input"
                    onChange={(event) => {
                      const chosen = Array.from(event.target.files ?? []);
                      event.target.value = '';
                      void addPhotos(chosen);
                    }}
                  />
                </Button>
              </Box>
            )}
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2">
              {t('walkForm.items')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="walk-items">
              {walkItems.map((item) => (
                <li
                  key={item.id}
                  data-testid="walk-item"
                  data-sync={items.states.get(item.id) ?? 'synced'}
                >
                  <Typography component="span">
                    {item.Name} — {item.Category}, {item.Location} ({item.Status})
                  </Typography>{' '}
                  <SyncStateChip state={items.states.get(item.id)} recordId={item.id} />
                </li>
              ))}
              {state.items.map((item) => (
                <li key={item.key} data-testid="walk-item" data-sync="unsaved">
                  <Typography component="span">
                    {item.Name} — {item.Category}, {item.Location}
                  </Typography>{' '}
                  <Typography component="span" variant="body2" color="warning.main">
                    {t('walkForm.itemOnSubmit')}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t('walkForm.removeItem', { name: item.Name })}
                    onClick={() =>
                      update({ items: state.items.filter((other) => other.key !== item.key) })
                    }
                    disabled={disabled}
                    sx={TAP}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </li>
              ))}
            </Box>
            {walkItems.length + state.items.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('walkForm.noItems')}
              </Typography>
            )}
          </Stack>
        </Paper>

        {!presentation && signOff}

        {error !== null && (
          <Alert severity="error" role="alert" data-testid="walk-form-error">
            {error}
            {(missing.length > 0 || buyerNameMissing) && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {missing.map((field) => (
                  <li key={field}>{t(`walkForm.required.${field}`)}</li>
                ))}
                {buyerNameMissing && <li>{t('walkForm.buyerNameRequired')}</li>}
              </Box>
            )}
          </Alert>
        )}
        {saving !== false && (
          <Box role="status">
            <LinearProgress />
            <Typography variant="body2">
              {t(saving === 'pdf' ? 'walkForm.makingPdf' : 'walkForm.saving')}
            </Typography>
          </Box>
        )}
      </Stack>
      {props.canWrite && (
        <Paper
          elevation={6}
          sx={{
            position: 'sticky',
            bottom: 0,
            mx: -1,
            p: 1.5,
            display: 'flex',
            gap: 1,
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            zIndex: 2,
          }}
        >
          {draft.lastSaved !== undefined && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ alignSelf: 'center', mr: 'auto' }}
              data-testid="draft-saved"
            >
              {t('walkForm.draftSaved', {
                time: new Date(draft.lastSaved).toLocaleTimeString([], {
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              })}
            </Typography>
          )}
          <Button sx={TAP} onClick={close}>
            {t('records.cancel')}
          </Button>
          <Button
            sx={TAP}
            variant="outlined"
            disabled={saving !== false || draft.saving}
            onClick={() => void draft.saveNow()}
            data-testid="save-draft"
          >
            {t('walkForm.saveDraft')}
          </Button>
          <Button
            sx={TAP}
            type="submit"
            variant="contained"
            disabled={saving !== false}
            data-testid="submit-walk"
          >
            {walk === undefined ? t('walkForm.submit') : t('walkForm.saveChanges')}
          </Button>
        </Paper>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('walkForm.signedInAs', { name: fullName(user) })}
      </Typography>
    </Box>
  );
}
