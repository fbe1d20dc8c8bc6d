// Manage Homes: every active home of the company (testing mode applied), with its staff
// and status, for the people who maintain home records.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { homesForMode } from '@field/domain';
import { useActiveHomes } from '../../data/homes';
import { effectiveTesting, useLocalSettings } from '../../data/local-settings';
import { useSignedIn } from '../../data/session';
import { HomeCards } from '../../ui/home-cards';

export function Component() {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const settings = useLocalSettings();
  const { data, error, refetch } = useActiveHomes();
  const testing = effectiveTesting(settings, access.demo);
  const homes = useMemo(
    () =>
      data === undefined
        ? undefined
        : homesForMode(data, testing).sort((a, b) =>
            a.Address.localeCompare(b.Address, 'en', { numeric: true }),
          ),
    [data, testing],
  );
  return (
    <HomeCards
      homes={homes}
      error={error}
      onRetry={() => void refetch()}
      label={t('nav.manage-homes')}
      extra={(home) => `${t('homes.kova')}: ${home['KOVA Status']}`}
    />
  );
}
