// A walk of one form, new or stored: date, who walks, notes, the checklist, photos, the
// punch items raised on it and, for closing walks, the sign-off with both signatures and
// the PDF. Everything is kept on the device as the user types (a draft) and goes to the
// server through the offline queue when the walk is submitted.

import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WalkFormDef, WalkFormField } from '@field/domain';
import { WALK_ITEM_SCOPE, hasAccess, isSignedByBoth } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { useLocalSettings } from '../../data/local-settings';
import { toItem } from '../../data/punch-items';
import { useItemsOfWalks } from '../../data/walk-items';
import type { RecordSyncState } from '../../data/queued-records';
import type { FieldRecord } from '../../data/records';
import { textOf, useEmployeeNames } from '../../data/records';
import { useSignedIn } from '../../data/session';
import { useFormWalks } from '../../data/walks';
import { DraftOffer } from '../../ui/draft-offer';
import { errorText } from '../../ui/error-text';
import { Checklist } from './checklist';
import { SignOff } from './sign-off';
import { raisedLines } from './walk-form-state';
import {
  WalkDetails,
  WalkFormActions,
  WalkFormError,
  WalkFormHeader,
  WalkFormSaving,
  WalkItems,
} from './walk-form-sections';
import { WalkPhotos } from './walk-photos';
import { WalkPdfActions } from './walk-pdf-actions';
import { AmendmentNotice, useAmendsLine } from './walk-amendment';
import { fullName, walkerIdOf, walkerName } from './walk-people';
import { useWalkForm } from './use-walk-form';
import { useWalkSubmit } from './use-walk-submit';

export interface WalkEditorProps {
  def: WalkFormDef;
  home: ActiveHome;
  /** A stored walk's id; undefined starts a new walk. */
  walkId: string | undefined;
  /** For a new walk: the signed walk it amends (docs/decisions.md, Amending a signed walk). */
  amends?: string | undefined;
  canWrite: boolean;
}

export function WalkEditor(props: WalkEditorProps) {
  const { t } = useTranslation();
  const { def, home } = props;
  const walks = useFormWalks(def, home.id);
  if ((props.walkId ?? props.amends) !== undefined && walks.records === undefined) {
    return walks.query.error === null ? (
      <LinearProgress aria-label={t('walkForm.loading')} />
    ) : (
      <Alert severity="error">{errorText(walks.query.error)}</Alert>
    );
  }
  const walk =
    props.walkId === undefined ? undefined : walks.records?.find((w) => w.id === props.walkId);
  const amended =
    props.amends === undefined ? undefined : walks.records?.find((w) => w.id === props.amends);
  if ((props.walkId !== undefined && walk === undefined) || (props.amends && !amended)) {
    return <Alert severity="warning">{t('walkForm.notFound')}</Alert>;
  }
  return (
    <WalkForm
      {...props}
      walks={walks.records}
      walk={walk}
      amended={amended}
      syncState={walk === undefined ? undefined : walks.states.get(walk.id)}
    />
  );
}

function WalkForm(
  props: WalkEditorProps & {
    walks: readonly FieldRecord[] | undefined;
    walk: FieldRecord | undefined;
    amended: FieldRecord | undefined;
    syncState: RecordSyncState | undefined;
  },
) {
  const { t } = useTranslation();
  const { def, home, walk } = props;
  const [, setSearch] = useSearchParams();
  const { user, access } = useSignedIn();
  const presentation = useLocalSettings().mode === 'presentation';
  const names = useEmployeeNames(hasAccess(access, ['collaboration_staff'], 'read'));
  const form = useWalkForm(props);
  const { state, draft } = form;
  // The open walk's own items (`item/listByWalk`), from the device offline.
  const walkRefs = useMemo(() => [{ id: state.walkId, homeId: home.id }], [state.walkId, home.id]);
  const items = useItemsOfWalks(walkRefs, access, 'single');
  const walkItems = useMemo(() => (items.records ?? []).map(toItem), [items.records]);
  const raised = useMemo(() => raisedLines(state), [state]);
  const amendsLine = useAmendsLine(props.walks, state);
  const close = () => setSearch({});
  const walker = walk === undefined ? walkerIdOf(user) : textOf(walk, 'user');
  const submitting = useWalkSubmit({
    ...{ def, home, walk, state, walker, user, names, walkItems },
    signaturesChanged: form.signaturesChanged,
    amendsLine,
    onQueued: form.markQueued,
    onDone: close,
  });
  const { problems, showErrors, saving } = submitting;
  const canRaise = hasAccess(access, [WALK_ITEM_SCOPE[def.itemWalk]], 'write');
  // A signed closing walk is final (docs/decisions.md, Signed closing walks): shown, not
  // changed; sent again only to retry a PDF that could not be made.
  const signed = walk !== undefined && def.signOff && isSignedByBoth(walk);
  const pdfMissing = walk === undefined || textOf(walk, 'pdfUrl') === '';
  const canSend = props.canWrite && (!signed || pdfMissing);
  const disabled = !props.canWrite || signed || saving !== false;
  const fieldError = (field: WalkFormField): string | undefined =>
    showErrors && problems.missing.includes(field) ? t(`walkForm.required.${field}`) : undefined;

  const signOff = def.signOff ? (
    <SignOff
      buyerName={state.buyerName}
      staffName={fullName(user)}
      signatures={state.signatures}
      buyerNameError={
        showErrors && problems.buyerNameMissing ? t('walkForm.buyerNameRequired') : undefined
      }
      disabled={disabled}
      onChange={(change) => {
        if (change.signatures !== undefined) form.setSignaturesChanged(true);
        form.update(change);
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
        void submitting.submit();
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
        <WalkFormHeader
          {...{ def, home, walk }}
          walks={props.walks}
          amendment={state.amendment}
          syncState={props.syncState}
          onBack={close}
        />
        {!props.canWrite && <Alert severity="info">{t('walkForm.readOnly')}</Alert>}
        {def.signOff && (
          <AmendmentNotice walks={props.walks} walk={walk} form={state} canWrite={props.canWrite} />
        )}
        {walk !== undefined && def.signOff && <WalkPdfActions walk={walk} />}
        {draft.offer !== undefined && (
          <DraftOffer
            offer={draft.offer}
            onResume={() => void form.resume()}
            onDismiss={() => void draft.dismiss()}
          />
        )}
        {presentation && signOff}
        <WalkDetails
          {...{ def, home, state, names, fieldError, presentation, disabled }}
          walkerName={walkerName(walker, names, user)}
          onChange={form.update}
        />
        <Typography variant="h6" component="h2">
          {t('walkForm.checklist')}
        </Typography>
        <Checklist
          def={def}
          answers={state.checklist}
          onAnswer={form.onAnswer}
          raised={raised}
          onRaise={canRaise && !disabled ? form.onRaise : undefined}
          presentation={presentation}
          disabled={disabled}
        />
        <WalkPhotos
          state={state}
          canWrite={props.canWrite && !signed}
          disabled={disabled}
          onAdd={(files) => void form.addPhotos(files)}
          onRemove={form.removeNewPhoto}
          readPhoto={form.readPhoto}
          onMarkUp={(photo, marked) => void form.markUpPhoto(photo, marked)}
        />
        <WalkItems
          onWalk={walkItems}
          states={items.states}
          raised={state.items}
          disabled={disabled}
          onRemove={(item) =>
            form.update({ items: state.items.filter((other) => other.key !== item.key) })
          }
        />
        {!presentation && signOff}
        {submitting.error !== null && (
          <WalkFormError error={submitting.error} problems={problems} />
        )}
        {saving !== false && <WalkFormSaving saving={saving} />}
      </Stack>
      {canSend && (
        <WalkFormActions
          isNew={walk === undefined}
          lastSaved={draft.lastSaved}
          saving={saving !== false}
          draftSaving={draft.saving}
          onCancel={close}
          onSaveDraft={() => void draft.saveNow()}
        />
      )}
      <Typography variant="caption" color="text.secondary">
        {t('walkForm.signedInAs', { name: fullName(user) })}
      </Typography>
    </Box>
  );
}
