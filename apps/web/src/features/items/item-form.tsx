// The add / edit dialog of a punch item: its walk type (fixed when editing), category,
// location, name, its trade (vendor, due date, priority) and photos taken on the device;
// a note, and where the user may a button to start it, when the item's walk is missing.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WalkType } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { VendorContact } from '../../data/item-vendors';
import type { ItemTrade, NewPhoto } from '../../data/punch-items';
import { useDialogDraft } from '../../ui/dialog-draft';
import { errorText } from '../../ui/error-text';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';
import { PhotoPicker } from '../../ui/photo-picker';
import { TAP } from '../../ui/touch';
import { ItemTradeFields } from './item-trade-fields';

// A type, not an interface: the dialog's draft keeps it as a plain record.
export type ItemFormValues = ItemTrade & {
  Walk: WalkType;
  Category: string;
  Location: string;
  Name: string;
};

export function ItemForm(props: {
  title: string;
  id: string;
  /** Whose drafts: the item's home, and `new` for an added item or the item's id. */
  draftOf: { home: ActiveHome; id: string };
  types: readonly WalkType[];
  initial: ItemFormValues;
  withPhotos: boolean;
  vendors: readonly VendorContact[];
  /** The item's vendor, shown even when archived. */
  currentVendor?: VendorContact | undefined;
  walkNote: (type: WalkType) => string | null;
  /** Starts the missing walk of a type, where the user may. */
  startWalk?: ((type: WalkType) => Promise<void>) | undefined;
  canStart?: (type: WalkType) => boolean;
  onSave: (values: ItemFormValues & { photos: NewPhoto[] }) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(props.initial);
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const { error, saving, run, setError } = useDialogSave(props.onClose);
  const note = props.walkNote(values.Walk);
  const draft = useDialogDraft({
    home: props.draftOf.home,
    formTitle: `walkItems:${props.draftOf.id}`,
    title: props.title,
    values,
    // The draft's walk type if this dialog still offers it.
    onResume: (resumed) =>
      setValues({
        ...resumed,
        Walk: props.types.find((type) => type === resumed.Walk) ?? values.Walk,
      }),
  });

  function save(): Promise<void> {
    return run(async () => {
      await props.onSave({
        Walk: values.Walk,
        Category: values.Category.trim(),
        Location: values.Location.trim(),
        Name: values.Name.trim(),
        Vendor: values.Vendor,
        'Due Date': values['Due Date'],
        Priority: values.Priority,
        photos,
      });
      await draft.clear();
    });
  }

  return (
    <FormDialog
      id={props.id}
      title={props.title}
      error={error}
      saveDisabled={saving || note !== null}
      saveLabel={t('punchItems.save')}
      cancelLabel={t('punchItems.cancel')}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      {draft.offer}
      <TextField
        select
        label={t('punchItems.walk')}
        value={values.Walk}
        disabled={props.types.length < 2}
        onChange={(event) => {
          const walk = props.types.find((type) => type === event.target.value);
          if (walk !== undefined) setValues({ ...values, Walk: walk });
        }}
      >
        {props.types.map((type) => (
          <MenuItem key={type} value={type} sx={{ minHeight: 44 }}>
            {t(`nav.items-${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {note !== null && (
        <Alert
          severity="warning"
          data-testid="walk-note"
          action={
            props.startWalk === undefined || props.canStart?.(values.Walk) !== true ? undefined : (
              <Button
                color="inherit"
                sx={TAP}
                onClick={() => {
                  const start = props.startWalk;
                  if (start === undefined) return;
                  start(values.Walk).catch((caught: unknown) => setError(errorText(caught)));
                }}
              >
                {t('punchItems.startWalk')}
              </Button>
            )
          }
        >
          {note}
        </Alert>
      )}
      <TextField
        required
        label={t('punchItems.category')}
        value={values.Category}
        onChange={(event) => setValues({ ...values, Category: event.target.value })}
      />
      <TextField
        required
        label={t('punchItems.location')}
        value={values.Location}
        onChange={(event) => setValues({ ...values, Location: event.target.value })}
      />
      <TextField
        required
        label={t('punchItems.name')}
        value={values.Name}
        multiline
        onChange={(event) => setValues({ ...values, Name: event.target.value })}
      />
      <ItemTradeFields
        value={values}
        vendors={props.vendors}
        current={props.currentVendor}
        onChange={(trade) => setValues({ ...values, ...trade })}
      />
      {props.withPhotos && (
        <PhotoPicker
          addLabel={t('punchItems.addPhotos')}
          chosenLabel={
            photos.length > 0 ? t('punchItems.photosChosen', { count: photos.length }) : undefined
          }
          photos={photos}
          onChange={setPhotos}
        />
      )}
    </FormDialog>
  );
}
