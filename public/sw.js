/*
 * The agent screen's service worker. It exists for notifications only:
 * registration.showNotification shows a call even when the tab is in the
 * background, and a click brings the agent's tab forward. It caches nothing
 * and handles no fetches: every screen is live.
 */
self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const agentTab = windows.find((client) => new URL(client.url).pathname === '/agent');
      if (agentTab) return agentTab.focus();
      return self.clients.openWindow('/agent');
    })(),
  );
});
