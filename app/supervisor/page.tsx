import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getViewer, requireViewer, SIGN_IN_PATH } from '@/lib/auth';
import { SupervisorScreen } from '@/lib/ui/supervisor';

export const metadata: Metadata = { title: 'Supervisor' };

const SIGN_IN_HREF = `${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent('/supervisor')}`;

export default async function SupervisorPage() {
  if (!(await getViewer())) redirect(SIGN_IN_HREF);
  // Agents get lib/auth's 403 page.
  const viewer = await requireViewer('supervisor');
  return <SupervisorScreen viewerName={viewer.name} signInHref={SIGN_IN_HREF} />;
}
