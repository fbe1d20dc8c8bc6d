// The archived homes of Manage Homes (`GET /field_homes/listArchived`, online): each with a
// button that brings it back to the active lists through the offline queue.

import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import type { HomeWrites } from '../../data/homes';
import { useArchivedHomes } from '../../data/homes';
import { HomeCards } from '../../ui/home-cards';
import { TAP } from '../../ui/touch';

export function ArchivedHomes({ writes }: { writes: HomeWrites | null }) {
  const { t } = useTranslation();
  const { data, error, fetchStatus, refetch } = useArchivedHomes(true);
  return (
    <HomeCards
      homes={data}
      error={error}
      paused={fetchStatus === 'paused'}
      onRetry={() => void refetch()}
      label={t('manageHomes.showArchived')}
      totalText={(count) =>
        count === 0 ? t('manageHomes.noArchived') : t('homes.total', { count })
      }
      {...(writes === null
        ? {}
        : {
            actions: (home) => (
              <Button
                sx={TAP}
                startIcon={<UnarchiveOutlined />}
                aria-label={t('manageHomes.restoreLabel', { address: home.Address })}
                onClick={() => void writes.update(home, { Active: true })}
              >
                {t('manageHomes.restore')}
              </Button>
            ),
          })}
    />
  );
}
