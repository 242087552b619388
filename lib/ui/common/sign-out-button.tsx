'use client';
import { signOut } from 'next-auth/react';

/** Ends the session (and with it every socket of this person) and returns to the landing page. */
export function SignOutButton() {
  return (
    <button type="button" onClick={() => void signOut({ callbackUrl: '/' })} className="rounded-lg bg-slate-800 px-3 py-1.5 hover:bg-slate-700">
      Sign out
    </button>
  );
}
