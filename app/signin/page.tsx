import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getViewer, safeCallbackPath, signInErrorMessage } from '@/lib/auth';
import { env } from '@/lib/env';
import { SignInButton } from './sign-in-button';

export const metadata: Metadata = { title: 'Sign in · Wallboard' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(first(params.callbackUrl), env.publicUrl);
  if (await getViewer()) redirect(callbackPath);
  const error = signInErrorMessage(first(params.error));
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 p-6 text-slate-100">
      <section className="w-full max-w-md space-y-6 rounded-2xl bg-slate-900 p-8 shadow-xl ring-1 ring-slate-800">
        <header className="space-y-2">
          <p className="text-sm font-semibold uppercase tracking-widest text-sky-400">Call centre wallboard</p>
          <h1 className="text-3xl font-bold">Sign in</h1>
          <p className="text-slate-300">
            Use the account you sign in to your phone system with. The wallboard never sees your password.
          </p>
        </header>
        {error && (
          <p role="alert" className="rounded-lg bg-red-950 p-3 text-red-200 ring-1 ring-red-800">
            {error}
          </p>
        )}
        <SignInButton callbackUrl={callbackPath} />
        <p className="text-sm text-slate-400">
          Setting up a wall TV? Open <span className="font-mono">/wall</span> on the TV: it shows a pairing code and needs no sign-in.
        </p>
      </section>
    </main>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
