import Link from 'next/link';
import { getViewer, SIGN_IN_PATH } from '@/lib/auth';

const VIEWS = [
  {
    href: '/wall',
    title: 'Wall TV',
    who: 'For the TV across the room',
    steps: [
      'Open /wall in the TV’s browser. It shows a pairing code in large type.',
      'A supervisor enters that code under Displays on the supervisor view, or sends the TV a pairing link. The TV needs no keyboard and no sign-in.',
      'Anyone signed in can also open /wall on their own screen.',
    ],
    action: 'Open the wall',
  },
  {
    href: '/supervisor',
    title: 'Supervisor',
    who: 'For Call Center Supervisors and Office Managers',
    steps: [
      'Sign in with your phone system account.',
      'Queues, live calls, agents, today’s figures and the phone system’s status, all live.',
      'Set alert thresholds and sound, acknowledge or snooze alerts, and manage the wall displays.',
    ],
    action: 'Open the supervisor view',
  },
  {
    href: '/agent',
    title: 'Agent screen pop',
    who: 'For agents at their desks',
    steps: [
      'Sign in with your phone system account.',
      'When your phone rings, the caller’s name, number, queue and a CRM link appear at once, with a badge for repeat callers.',
      'Allow desktop notifications to see calls while the tab is in the background.',
    ],
    action: 'Open my calls',
  },
] as const;

export default async function Home() {
  const viewer = await getViewer();
  return (
    <main className="mx-auto flex min-h-dvh max-w-6xl flex-col gap-10 px-6 py-12">
      <header className="space-y-3">
        <p className="text-sm font-semibold uppercase tracking-widest text-sky-400">Call centre wallboard</p>
        <h1 className="text-4xl font-bold text-slate-50">Three views of the same live calls</h1>
        <p className="max-w-3xl text-lg text-slate-300">
          Queue figures, calls and agents update the moment the phone system reports them. Pick the view for where you are.
        </p>
        <p className="text-slate-300">
          {viewer ? (
            <>
              Signed in as <span className="font-semibold text-slate-100">{viewer.name}</span> ({viewer.role}
              {viewer.extension ? `, extension ${viewer.extension}` : ''}).
            </>
          ) : (
            <>
              Not signed in.{' '}
              <Link href={SIGN_IN_PATH} className="font-semibold text-sky-300 underline underline-offset-4 hover:text-sky-200">
                Sign in
              </Link>{' '}
              for the supervisor and agent views.
            </>
          )}
        </p>
      </header>

      <section aria-label="Views" className="grid gap-6 md:grid-cols-3">
        {VIEWS.map((view) => (
          <article key={view.href} className="flex flex-col gap-4 rounded-2xl bg-slate-900 p-6 ring-1 ring-slate-800">
            <div>
              <h2 className="text-2xl font-bold text-slate-50">{view.title}</h2>
              <p className="text-slate-400">{view.who}</p>
            </div>
            <ol className="flex-1 list-decimal space-y-2 pl-5 text-slate-200">
              {view.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <Link
              href={view.href}
              className="rounded-lg bg-sky-700 px-4 py-2 text-center font-semibold text-white hover:bg-sky-600"
            >
              {view.action} <span className="font-mono text-sky-100">{view.href}</span>
            </Link>
          </article>
        ))}
      </section>
    </main>
  );
}
