// A walk form's state as the user changes it, kept on the device as a draft while they
// type: answers, raised items, photos chosen (held on the device until sent or dropped)
// and a draft resumed in place of what the form opened with.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistAnswer, ChecklistLine, WalkFormDef } from '@field/domain';
import { useFormDraft } from '../../data/form-draft';
import type { ActiveHome } from '../../data/homes';
import type { FieldRecord } from '../../data/records';
import type { ChosenPhoto } from '../../data/walks';
import { dropPhoto, fileIdsOf, keepMarkedUp, keepPhoto } from '../../data/walks';
import { useOfflineEngine } from '../../offline/react';
import { errorText } from '../../ui/error-text';
import { toast } from '../../lib/toast';
import type { WalkFormState } from './walk-form-state';
import { amendmentState, initialState, withAnswer, withRaisedItem } from './walk-form-state';

export function useWalkForm(props: {
  def: WalkFormDef;
  home: ActiveHome;
  walk: FieldRecord | undefined;
  /** For a new amendment: the signed walk it amends. */
  amended?: FieldRecord | undefined;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { def, home, walk } = props;
  const engine = useOfflineEngine();
  const [state, setState] = useState<WalkFormState>(() =>
    walk === undefined && props.amended !== undefined
      ? amendmentState(crypto.randomUUID(), props.amended)
      : initialState(walk?.id ?? crypto.randomUUID(), walk),
  );
  const [signaturesChanged, setSignaturesChanged] = useState(false);
  const title = t(`nav.walk-${def.segment}`);
  const draft = useFormDraft<WalkFormState>({
    homeRID: home.HomeRID,
    homeID: String(home.HomeID),
    address: home.Address,
    // A new walk's draft is the form's; a stored walk's changes are that walk's.
    formTitle:
      walk !== undefined
        ? `walk:${def.segment}:${walk.id}`
        : props.amended !== undefined
          ? `walk:${def.segment}:amends:${props.amended.id}`
          : `walk:${def.segment}`,
    title: walk === undefined ? t('walkForm.newTitle', { form: title }) : title,
    values: state,
    enabled: props.canWrite,
    files: state.newPhotos.flatMap(fileIdsOf),
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
    for (const id of resumed.newPhotos.flatMap(fileIdsOf)) {
      await engine.files.retain(id).catch(() => undefined);
    }
    for (const photo of state.newPhotos) void dropPhoto(engine, photo);
    setState({ ...resumed, newPhotos: resumed.newPhotos });
    setSignaturesChanged(true);
  };
  const update = useCallback((change: Partial<WalkFormState>) => {
    setState((current) => ({ ...current, ...change }));
  }, []);
  const onAnswer = useCallback((line: string, answer: ChecklistAnswer | undefined) => {
    setState((current) => withAnswer(current, line, answer));
  }, []);
  const onRaise = useCallback(
    (line: ChecklistLine) => {
      setState((current) => withRaisedItem(current, def, line, crypto.randomUUID()));
    },
    [def],
  );
  const addPhotos = async (files: File[]) => {
    try {
      const kept: ChosenPhoto[] = [];
      for (const file of files) kept.push(await keepPhoto(engine, file));
      setState((current) => ({ ...current, newPhotos: [...current.newPhotos, ...kept] }));
    } catch (caught) {
      toast(errorText(caught), 'error');
    }
  };
  /** Puts the marked-up copy of a chosen photo in its place (the original kept with it). */
  const markUpPhoto = async (photo: ChosenPhoto, marked: File) => {
    try {
      const copy = await keepMarkedUp(engine, photo, marked);
      setState((current) => ({
        ...current,
        newPhotos: current.newPhotos.map((p) => (p.fileId === photo.fileId ? copy : p)),
      }));
    } catch (caught) {
      toast(errorText(caught), 'error');
    }
  };
  /** The bytes of a chosen photo, to draw on. */
  const readPhoto = (photo: ChosenPhoto): Promise<Blob> => engine.files.read(photo.fileId);
  const removeNewPhoto = (photo: ChosenPhoto) => {
    setState((current) => ({
      ...current,
      newPhotos: current.newPhotos.filter((p) => p.fileId !== photo.fileId),
    }));
    void dropPhoto(engine, photo);
  };
  /** The walk is queued: its photos are the queue's, its draft done with. */
  const markQueued = async () => {
    latest.current.submitted = true;
    await draft.clear();
  };

  return {
    state,
    update,
    onAnswer,
    onRaise,
    addPhotos,
    markUpPhoto,
    readPhoto,
    removeNewPhoto,
    draft,
    resume,
    signaturesChanged,
    setSignaturesChanged,
    markQueued,
  };
}
