import Link from 'next/link';
import { headers } from 'next/headers';
import { REQUEST_PATH_HEADER, SIGN_IN_PATH } from '@/lib/auth';

/** Rendered with a 401 when requireViewer() finds nobody signed in (or a session that has ended). */
export default async function Unauthorized() {
  const path = (await headers()).get(REQUEST_PATH_HEADER) ?? '/';
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 p-6 text-slate-100">
      <section className="w-full max-w-md space-y-5 rounded-2xl bg-slate-900 p-8 text-center shadow-xl ring-1 ring-slate-800">
        <h1 className="text-3xl font-bold">Please sign in</h1>
        <p className="text-slate-300">This page needs your phone system account. If you were signed in, your session has ended.</p>
        <Link
          href={`${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(path)}`}
          className="inline-block rounded-lg bg-sky-600 px-6 py-3 text-lg font-semibold text-white hover:bg-sky-500"
        >
          Sign in
        </Link>
      </section>
    </main>
  );
}
