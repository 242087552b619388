import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Call centre wallboard', template: '%s · Wallboard' },
  description: 'Live call queues for the wall TV, the supervisor and each agent.',
  icons: { icon: '/icon.svg' },
};

export const viewport: Viewport = { themeColor: '#020617', colorScheme: 'dark' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <body className="min-h-dvh bg-slate-950 text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
