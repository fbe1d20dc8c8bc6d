// Opening a notification: it is marked read, and one that tells of a record (a call, a
// punch item, a walk; domain notificationTarget) selects the record's home and opens the
// record's screen with the record shown. The home is looked up in the active homes the
// device holds, so it works offline too.

import { useNavigate } from 'react-router';
import type { Notification } from '@field/domain';
import { notificationTarget } from '@field/domain';
import { useActiveHomes } from '../../../data/homes';
import { useNotificationActions } from '../api/notifications';

export function useOpenNotification(onOpened?: () => void): (notification: Notification) => void {
  const navigate = useNavigate();
  const homes = useActiveHomes();
  const { markRead } = useNotificationActions();
  return (notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    const target = notificationTarget(notification);
    if (target === undefined) return;
    const home = homes.data?.find((candidate) => candidate.HomeRID === target.homeRID);
    if (home === undefined) return;
    // `?homeId=` selects the home before the screen renders (app/router.tsx).
    const search = new URLSearchParams({ homeId: home.id, ...target.search });
    onOpened?.();
    void navigate(`${target.path}?${search.toString()}`);
  };
}
