// The items screen's dialogs: add (the route's types the user may write, checked against
// their walks), edit, and the review step's "ready for review" and "send back"; each
// saves through the offline queue.

import { useTranslation } from 'react-i18next';
import type { WalkType } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { ItemVendors } from '../../data/item-vendors';
import type { WalkRef } from '../../data/item-walks';
import { canStartWalkOf, startItemWalk, walkFor } from '../../data/item-walks';
import type { ItemChanges, PunchItem } from '../../data/punch-items';
import { addPunchItem, updatePunchItem } from '../../data/punch-items';
import { useSignedIn } from '../../data/session';
import { useOfflineEngine } from '../../offline/react';
import type { ItemFormValues } from './item-form';
import { ItemForm } from './item-form';
import { MarkReadyDialog, SendBackDialog } from './item-review-dialogs';
import { itemTypeOf, walkBlocker, walkIdForNewItem } from './item-rules';

export function AddItemDialog(props: {
  types: WalkType[];
  walks: readonly WalkRef[] | undefined;
  homeId: string;
  home: ActiveHome;
  vendors: ItemVendors;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const { access, user } = useSignedIn();
  const walks = props.walks ?? [];
  const [first] = props.types;
  if (first === undefined) return null;
  const note = (type: WalkType): string | null => {
    const blocker = walkBlocker(access, walks, type);
    return blocker === null ? null : t(`punchItems.${blocker}`, { walk: t(`nav.items-${type}`) });
  };
  const canStart = (type: WalkType): boolean =>
    props.walks !== undefined && walkFor(walks, type) === undefined && canStartWalkOf(access, type);
  return (
    <ItemForm
      id="add-item-form"
      draftOf={{ home: props.home, id: 'new' }}
      title={t('punchItems.addTitle')}
      types={props.types}
      initial={{
        Walk: first,
        Category: '',
        Location: '',
        Name: '',
        Vendor: null,
        'Due Date': null,
        Priority: 'Normal',
      }}
      withPhotos
      vendors={props.vendors.choices}
      walkNote={note}
      canStart={canStart}
      startWalk={async (type) => {
        if (!canStart(type)) return;
        await startItemWalk(engine, props.homeId, user.id, type);
      }}
      onClose={props.onClose}
      onSave={async ({ photos, ...values }) => {
        const blocked = note(values.Walk);
        if (blocked !== null) throw new Error(blocked);
        const walkId = walkIdForNewItem(access, walks, values.Walk);
        await addPunchItem(engine, props.homeId, walkId, values, photos);
      }}
    />
  );
}

/** The name and the fields the user changed, so a change elsewhere is not overwritten. */
function editChanges(item: PunchItem, values: ItemFormValues): ItemChanges {
  const changes: ItemChanges = { Name: values.Name };
  if (values.Category !== item.Category) changes.Category = values.Category;
  if (values.Location !== item.Location) changes.Location = values.Location;
  if (values.Vendor !== item.Vendor) changes.Vendor = values.Vendor;
  if (values['Due Date'] !== item['Due Date']) changes['Due Date'] = values['Due Date'];
  if (values.Priority !== item.Priority) changes.Priority = values.Priority;
  return changes;
}

export type ItemDialog =
  | { kind: 'edit'; item: PunchItem }
  | { kind: 'markReady'; item: PunchItem }
  | { kind: 'sendBack'; item: PunchItem };

/** The dialog open on one item: edit it, or a step of its review. */
export function ItemDialogs(props: {
  open: ItemDialog;
  homeId: string;
  home: ActiveHome;
  vendors: ItemVendors;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const { open, homeId } = props;
  const { item } = open;
  if (open.kind === 'markReady') {
    return (
      <MarkReadyDialog
        item={item}
        onClose={props.onClose}
        onSave={(note, photos) =>
          updatePunchItem(
            engine,
            homeId,
            item,
            { Status: 'Ready for review', 'Review Note': note },
            photos,
            'Review Photos',
          )
        }
      />
    );
  }
  if (open.kind === 'sendBack') {
    return (
      <SendBackDialog
        item={item}
        onClose={props.onClose}
        onSave={(reason) =>
          updatePunchItem(engine, homeId, item, { Status: 'Outstanding', 'Return Reason': reason })
        }
      />
    );
  }
  const walk = itemTypeOf(item) ?? 'final-punch';
  const trade = { Vendor: item.Vendor, 'Due Date': item['Due Date'], Priority: item.Priority };
  return (
    <ItemForm
      id="edit-item-form"
      draftOf={{ home: props.home, id: item.id }}
      title={t('punchItems.editTitle')}
      types={[walk]}
      initial={{
        Walk: walk,
        Category: item.Category,
        Location: item.Location,
        Name: item.Name,
        ...trade,
      }}
      withPhotos
      vendors={props.vendors.choices}
      currentVendor={item.Vendor === null ? undefined : props.vendors.byId.get(item.Vendor)}
      walkNote={() => null}
      onClose={props.onClose}
      onSave={({ photos, ...values }) =>
        updatePunchItem(engine, homeId, item, editChanges(item, values), photos)
      }
    />
  );
}
