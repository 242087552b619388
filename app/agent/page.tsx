import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getViewer, SIGN_IN_PATH } from '@/lib/auth';
import { env } from '@/lib/env';
import { AgentScreen } from '@/lib/ui/agent';

export const metadata: Metadata = { title: 'My calls' };

const SIGN_IN_HREF = `${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent('/agent')}`;

export default async function AgentPage() {
  const viewer = await getViewer();
  if (!viewer) redirect(SIGN_IN_HREF);
  if (!viewer.extension) {
    return (
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-bold">No extension</h1>
        <p className="mt-3 text-slate-300">
          Your phone system account has no extension, so no calls can ring for you here.{' '}
          <Link href="/" className="text-sky-300 underline">
            Back to the start page
          </Link>
        </p>
      </main>
    );
  }
  return <AgentScreen name={viewer.name} extension={viewer.extension} crmUrlTemplate={env.crmUrlTemplate} signInHref={SIGN_IN_HREF} />;
}
