// The home's open item counts as chips: the route's walk type, or the total and each
// readable type with open items.

import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Access, OpenItemSummary, WalkType } from '@field/domain';
import { WALK_TYPES, WALK_TYPE_COUNT_KEY } from '@field/domain';
import { canReadItemType } from '../../data/home-items';

/** The home's open item counts: the route's walk type, or the total and each readable type. */
export function OpenCounts(props: {
  counts: OpenItemSummary;
  type: WalkType | undefined;
  access: Access;
}) {
  const { t } = useTranslation();
  // All types: the total, and the types with open items (a phone has little room).
  const types =
    props.type === undefined
      ? WALK_TYPES.filter(
          (walk) =>
            canReadItemType(props.access, walk) && props.counts[WALK_TYPE_COUNT_KEY[walk]] > 0,
        )
      : [props.type];
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={t('punchItems.openCounts')}
      data-testid="open-item-counts"
      sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 0.5 }}
    >
      {props.type === undefined && (
        <Chip
          component="li"
          size="small"
          color="primary"
          data-count-key="Open Items"
          data-count={props.counts['Open Items']}
          label={t('punchItems.openTotal', { count: props.counts['Open Items'] })}
        />
      )}
      {types.map((walk) => {
        const key = WALK_TYPE_COUNT_KEY[walk];
        return (
          <Chip
            key={walk}
            component="li"
            size="small"
            variant="outlined"
            data-count-key={key}
            data-count={props.counts[key]}
            label={t('punchItems.openOfType', {
              walk: t(`nav.items-${walk}`),
              count: props.counts[key],
            })}
          />
        );
      })}
    </Stack>
  );
}
