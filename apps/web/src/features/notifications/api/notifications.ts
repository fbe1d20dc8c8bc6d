// The notifications centre's calls (`/api/notifications...`): a page of one filter tab,
// the counts, mark read, mark all read, delete, and the live stream that keeps them fresh.

import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@field/domain';
import { NOTIFICATIONS, NOTIFICATION_APPS, notificationSchema } from '@field/domain';
import type { Parser } from '../../../api/client';
import { anyJson, apiClient } from '../../../api/client';

export type NotificationTab = (typeof NOTIFICATION_APPS)[number];

const BASE = '/api/notifications';
const ROOT_KEY = ['notifications'] as const;

export interface NotificationPage {
  notifications: Notification[];
  page: number;
  total: number;
  totalPages: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const pageParser: Parser<NotificationPage> = {
  parse(data) {
    if (!isRecord(data)) throw new Error('expected a page of notifications');
    return {
      notifications: notificationSchema.array().parse(data['notifications']),
      page: Number(data['page']),
      total: Number(data['total']),
      totalPages: Number(data['totalPages']),
    };
  },
};

export type UnreadCounts = Readonly<Record<NotificationTab, number>>;

const countsParser: Parser<UnreadCounts> = {
  parse(data) {
    const apps = isRecord(data) && isRecord(data['apps']) ? data['apps'] : {};
    const counts = {} as Record<NotificationTab, number>; // Safe: every tab is set below.
    for (const tab of NOTIFICATION_APPS) {
      const pair = apps[tab];
      counts[tab] = isRecord(pair) && typeof pair['unread'] === 'number' ? pair['unread'] : 0;
    }
    return counts;
  },
};

export function useNotificationPage(
  tab: NotificationTab,
  page: number,
  pageSize: number = NOTIFICATIONS.pageSize,
) {
  return useQuery({
    queryKey: [...ROOT_KEY, 'page', tab, page, pageSize],
    queryFn: ({ signal }) =>
      apiClient.get(`${BASE}?app=${tab}&page=${page}&pageSize=${pageSize}`, pageParser, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useUnreadCounts() {
  return useQuery({
    queryKey: [...ROOT_KEY, 'counts'],
    queryFn: ({ signal }) => apiClient.get(`${BASE}/counts`, countsParser, { signal }),
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

const ticketParser: Parser<string> = {
  parse(data) {
    if (isRecord(data) && typeof data['ticket'] === 'string') return data['ticket'];
    throw new Error('expected a stream ticket');
  },
};

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
        const ticket = await apiClient.post(`${BASE}/stream-ticket`, {}, ticketParser);
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
