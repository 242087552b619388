'use client';

import { signIn } from 'next-auth/react';
import { useEffect, useState } from 'react';

/** Starts the authorization code flow: next-auth fetches a CSRF token, then sends the browser to the phone system. */
export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const [starting, setStarting] = useState(false);
  // Disabled until hydrated: a click on the server-rendered button would do nothing at all.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <button
      type="button"
      disabled={!hydrated || starting}
      onClick={() => {
        setStarting(true);
        void signIn('telephony', { callbackUrl }).catch(() => setStarting(false));
      }}
      className="w-full rounded-lg bg-sky-600 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-sky-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-300 disabled:opacity-60"
    >
      {starting ? 'Opening the phone system…' : 'Sign in with your phone system account'}
    </button>
  );
}
