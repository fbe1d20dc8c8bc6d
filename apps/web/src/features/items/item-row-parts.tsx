// Parts of a punch item's row: its trade line (vendor with one-tap contacts, due date,
// the review's note or the reason it was sent back) and its actions (history, the review
// step's changes the domain allows from the item's status, edit, delete).

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Replay from '@mui/icons-material/Replay';
import type { ItemTransition } from '@field/domain';
import { transitionsFrom } from '@field/domain';
import type { VendorContact } from '../../data/item-vendors';
import type { PunchItem } from '../../data/punch-items';
import { ContactLink } from '../../ui/contact-link';
import { HistoryButton } from '../../ui/history-button';
import { cellText } from '../../ui/record-table';
import { TAP } from '../../ui/touch';

const TRANSITION_ICONS: Readonly<Record<ItemTransition, ReactNode>> = {
  markReady: <RateReviewOutlined />,
  complete: <CheckCircleOutlined />,
  sendBack: <AssignmentReturnOutlined />,
  reopen: <Replay />,
};

export function ItemTradeLine(props: { item: PunchItem; vendor: VendorContact | undefined }) {
  const { t } = useTranslation();
  const { item, vendor } = props;
  const due = item['Due Date'];
  const hasTrade = item.Vendor !== null || due !== null;
  return (
    <>
      {hasTrade && (
        <Stack
          direction="row"
          data-testid="item-trade"
          sx={{
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 1.5,
            rowGap: 0.25,
            typography: 'body2',
          }}
        >
          {item.Vendor !== null && (
            <span data-testid="item-vendor">
              {vendor === undefined ? t('punchItems.unknownVendor') : vendor.Name}
            </span>
          )}
          {vendor !== undefined && vendor.Phone !== '' && (
            <ContactLink kind="tel" value={vendor.Phone} />
          )}
          {vendor !== undefined && vendor.Email !== '' && (
            <ContactLink kind="email" value={vendor.Email} />
          )}
          {due !== null && (
            <span data-testid="item-due">{t('punchItems.due', { date: cellText(due) })}</span>
          )}
        </Stack>
      )}
      {item.Status === 'Ready for review' && item['Review Note'] !== '' && (
        <Typography variant="body2" data-testid="item-review-note">
          {t('punchItems.tradeSaid', { note: item['Review Note'] })}
        </Typography>
      )}
      {item.Status === 'Outstanding' && item['Return Reason'] !== '' && (
        <Typography variant="body2" color="warning.main" data-testid="item-return-reason">
          {t('punchItems.sentBack', { reason: item['Return Reason'] })}
        </Typography>
      )}
    </>
  );
}

export function ItemActions(props: {
  item: PunchItem;
  canWrite: boolean;
  onTransition: (transition: ItemTransition) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  return (
    <Stack
      direction="row"
      sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, flexWrap: 'wrap' }}
    >
      <HistoryButton kind="walkItems" recordId={item.id} label={item.Name} />
      {props.canWrite && (
        <>
          {transitionsFrom(item.Status, 'staff').map((transition) => (
            <IconButton
              key={transition}
              sx={TAP}
              aria-label={t(`punchItems.transitions.${transition}`, { name: item.Name })}
              onClick={() => props.onTransition(transition)}
            >
              {TRANSITION_ICONS[transition]}
            </IconButton>
          ))}
          <IconButton
            sx={TAP}
            aria-label={t('punchItems.editLabel', { name: item.Name })}
            onClick={props.onEdit}
          >
            <EditOutlined />
          </IconButton>
          <IconButton
            sx={TAP}
            aria-label={t('punchItems.deleteLabel', { name: item.Name })}
            onClick={props.onDelete}
          >
            <DeleteOutlined />
          </IconButton>
        </>
      )}
    </Stack>
  );
}
