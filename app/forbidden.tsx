import Link from 'next/link';
import { getViewer } from '@/lib/auth';

/** Rendered with a 403 when requireViewer('supervisor') meets an agent. */
export default async function Forbidden() {
  const viewer = await getViewer();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 p-6 text-slate-100">
      <section className="w-full max-w-md space-y-5 rounded-2xl bg-slate-900 p-8 text-center shadow-xl ring-1 ring-slate-800">
        <p className="text-6xl font-black text-amber-400">403</p>
        <h1 className="text-3xl font-bold">Supervisors only</h1>
        <p className="text-slate-300">
          {viewer ? `You are signed in as ${viewer.name}, with an agent's access. ` : ''}
          This page needs the Call Center Supervisor or Office Manager role in the phone system.
        </p>
        <nav className="flex justify-center gap-4">
          {viewer?.extension && (
            <Link href="/agent" className="rounded-lg bg-sky-600 px-5 py-2 font-semibold text-white hover:bg-sky-500">
              My calls
            </Link>
          )}
          <Link href="/wall" className="rounded-lg bg-slate-700 px-5 py-2 font-semibold text-white hover:bg-slate-600">
            Wallboard
          </Link>
        </nav>
      </section>
    </main>
  );
}
