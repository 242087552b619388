import { useCallback, useEffect, useRef, useState } from 'react';

type NotificationAccess = NotificationPermission | 'unsupported';

/**
 * Desktop notifications through the service worker (public/sw.js), so they
 * show while the tab is in the background and a click brings the tab back.
 * Tagged by call id: a second notification for the same call replaces the first.
 */
export function useDesktopNotifications(): {
  access: NotificationAccess;
  request(): void;
  show(tag: string, title: string, body: string): void;
  close(tag: string): void;
} {
  const [access, setAccess] = useState<NotificationAccess>('default');
  const registration = useRef<Promise<ServiceWorkerRegistration | null>>(Promise.resolve(null));

  useEffect(() => {
    if (!('Notification' in window)) {
      setAccess('unsupported');
      return;
    }
    setAccess(Notification.permission);
    if ('serviceWorker' in navigator) {
      registration.current = navigator.serviceWorker.register('/sw.js').catch(() => null);
    }
  }, []);

  const request = useCallback(() => {
    if (!('Notification' in window)) return;
    void Notification.requestPermission().then(setAccess);
  }, []);

  const show = useCallback((tag: string, title: string, body: string) => {
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    void registration.current.then((worker) => {
      const options: NotificationOptions = { body, tag, icon: '/icon.svg', requireInteraction: true };
      if (worker) return worker.showNotification(title, options);
      // Without a service worker (blocked or unsupported) a page notification still shows while the tab lives.
      new Notification(title, options);
    });
  }, []);

  const close = useCallback((tag: string) => {
    void registration.current.then(async (worker) => {
      for (const notification of (await worker?.getNotifications({ tag })) ?? []) notification.close();
    });
  }, []);

  return { access, request, show, close };
}
