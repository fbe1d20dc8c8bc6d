// The notifications centre's calls (`/api/notifications...`): a page of one filter tab,
// the counts, mark read, mark all read, delete, and the live stream that keeps them fresh.

import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationCounts } from '@field/domain';
import {
  NOTIFICATIONS,
  NOTIFICATION_APPS,
  NOTIFICATION_CATEGORIES,
  notificationCountsSchema,
  notificationPageSchema,
  notificationTarget,
  resourceDef,
  streamTicketSchema,
} from '@field/domain';
import { anyJson, apiClient } from '../../../api/client';
import { fetchHomeRecords, homeRecordsKey } from '../../../data/records';
import { useOptionalOfflineEngine } from '../../../offline/react';

export type NotificationTab = (typeof NOTIFICATION_APPS)[number];

const BASE = '/api/notifications';
const ROOT_KEY = ['notifications'] as const;

export type UnreadCounts = Readonly<Record<NotificationTab, number>>;

function unreadByTab(counts: NotificationCounts): UnreadCounts {
  return Object.fromEntries(
    NOTIFICATION_APPS.map((tab) => [tab, counts.apps[tab].unread]),
  ) as Record<NotificationTab, number>; // Safe: one entry per tab, made just above.
}

export function useNotificationPage(
  tab: NotificationTab,
  page: number,
  pageSize: number = NOTIFICATIONS.pageSize,
) {
  return useQuery({
    queryKey: [...ROOT_KEY, 'page', tab, page, pageSize],
    queryFn: ({ signal }) =>
      apiClient.get(
        `${BASE}?app=${tab}&page=${page}&pageSize=${pageSize}`,
        notificationPageSchema,
        {
          signal,
        },
      ),
    placeholderData: (previous) => previous,
  });
}

/**
 * The messages menu's list: the latest notifications of the `message` category (the
 * stream's refetch of every notification query keeps it fresh), and their unread count.
 */
export function useMessages(limit: number = NOTIFICATIONS.bellSize) {
  const category = NOTIFICATION_CATEGORIES.message;
  return useQuery({
    queryKey: [...ROOT_KEY, 'messages', limit],
    queryFn: ({ signal }) =>
      apiClient.get(
        `${BASE}?category=${category}&page=1&pageSize=${limit}`,
        notificationPageSchema,
        { signal },
      ),
    // A persisted copy may predate messages sent while the app was closed (the stream
    // announces only what comes while it is open): look again on every start.
    refetchOnMount: 'always',
  });
}

export function useUnreadCounts() {
  return useQuery({
    queryKey: [...ROOT_KEY, 'counts'],
    queryFn: async ({ signal }) =>
      unreadByTab(await apiClient.get(`${BASE}/counts`, notificationCountsSchema, { signal })),
  });
}

/** Mark read, mark all read and delete; each refetches the lists and counts after. */
export function useNotificationActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: ROOT_KEY });
  const markRead = useMutation({
    mutationFn: (id: string) =>
      apiClient.patch(`${BASE}/${encodeURIComponent(id)}`, { read: true }, anyJson),
    onSettled,
  });
  const markAllRead = useMutation({
    mutationFn: (tab: NotificationTab) =>
      apiClient.post(`${BASE}/mark-all-read`, { app: tab }, anyJson),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiClient.delete(`${BASE}/${encodeURIComponent(id)}`, anyJson),
    onSettled,
  });
  return { markRead, markAllRead, remove };
}

/**
 * The live subscription (Server-Sent Events): any change to the user's notifications
 * refetches the lists and counts. EventSource sends no Authorization header, so the
 * stream is opened with a short-lived ticket; a dropped stream reconnects with a new one.
 */
export function useNotificationStream(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const refresh = () => void client.invalidateQueries({ queryKey: ROOT_KEY });
    const open = async () => {
      try {
        const { ticket } = await apiClient.post(`${BASE}/stream-ticket`, {}, streamTicketSchema);
        if (stopped) return;
        source = new EventSource(`${BASE}/stream?ticket=${encodeURIComponent(ticket)}`);
        for (const type of ['notification', 'deleted', 'counts'])
          source.addEventListener(type, refresh);
        source.onerror = () => {
          source?.close();
          if (!stopped) retry = setTimeout(() => void open(), 5000);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void open(), 15_000);
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, client]);
}

/**
 * The unread notifications of records shown in a list (the bell, the notifications page)
 * bring those homes' records of their kind onto the device (once each), so a notification
 * opened later, offline too, shows its record. Straight from the server, not through the
 * query: for a home the user carries, the home store would hand back the device's copy,
 * older than the notification, and ask no further while no screen shows the list
 * (offline/home-store.ts). Mounted with the lists only, not in the shell: a device asks for
 * a home's list when its user looks at what they were told, not at every notification.
 */
export function usePrefetchTold(notifications: readonly Notification[] | undefined): void {
  const client = useQueryClient();
  const engine = useOptionalOfflineEngine();
  useEffect(() => {
    for (const notification of notifications ?? []) {
      const target = notification.read ? undefined : notificationTarget(notification);
      if (target === undefined || !resourceDef(target.resource).lookups.includes('home')) continue;
      const { resource, homeRID: homeId } = target;
      const key = ['notifications', 'told', notification.id];
      if (client.getQueryData(key) !== undefined) continue;
      client.setQueryData(key, true);
      void fetchHomeRecords(resource, homeId)
        .then(async (records) => {
          client.setQueryData(homeRecordsKey(resource, homeId), records);
          await engine?.homeStore.write({ resource, homeId }, records);
        })
        // Not reached (offline): the list's next showing tries again.
        .catch(() => client.removeQueries({ queryKey: key, exact: true }));
    }
  }, [client, engine, notifications]);
}
