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
      // showNotification needs an active worker; `ready` waits for activation after the first install.
      registration.current = navigator.serviceWorker
        .register('/sw.js')
        .then(() => navigator.serviceWorker.ready)
        .catch(() => null);
    }
  }, []);

  const request = useCallback(() => {
    if (!('Notification' in window)) return;
    void Notification.requestPermission().then(setAccess);
  }, []);

  const show = useCallback((tag: string, title: string, body: string) => {
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    const options: NotificationOptions = { body, tag, icon: '/icon.svg', requireInteraction: true };
    // Without a service worker (blocked or unsupported) a page notification still shows while the tab lives.
    const showInPage = (): void => void new Notification(title, options);
    void registration.current.then((worker) => (worker ? worker.showNotification(title, options) : showInPage())).catch(showInPage);
  }, []);

  const close = useCallback((tag: string) => {
    void registration.current.then(async (worker) => {
      for (const notification of (await worker?.getNotifications({ tag })) ?? []) notification.close();
    });
  }, []);

  return { access, request, show, close };
}
