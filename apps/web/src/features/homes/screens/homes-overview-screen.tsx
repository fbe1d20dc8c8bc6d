// Homes overview: the homes in construction of the user's list ("my homes" or all),
// testing mode applied. Tapping a home selects it for every other screen. An empty list
// says what to do next (EmptyHomesGuide).

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inConstruction } from '@field/domain';
import { useHomeList } from '../../../data/homes';
import { HomeCards } from '../../../ui/home-cards';
import { ReadinessSummary } from '../../../ui/offline-readiness';
import { EmptyHomesGuide } from '../components/empty-homes-guide';

export function Component() {
  const { t } = useTranslation();
  const { homes, error, fetchStatus, refetch, testing, kind } = useHomeList();
  const shown = useMemo(
    () => (homes === undefined ? undefined : inConstruction(homes, testing)),
    [homes, testing],
  );
  return (
    <>
      <ReadinessSummary />
      <HomeCards
        homes={shown}
        error={error}
        paused={fetchStatus === 'paused'}
        onRetry={() => void refetch()}
        label={t(kind === 'mine' ? 'homes.myHomes' : 'homes.inConstruction')}
        // The overview's one count of homes, saying what it counts; the readiness chip above
        // counts none (the homes carried offline, cancelled ones too, are counted on /sync).
        totalText={(count) => t('homes.inConstructionCount', { count })}
        empty={homes?.length === 0 ? <EmptyHomesGuide /> : undefined}
      />
    </>
  );
}
