import type { Metadata } from 'next';
import { z } from 'zod';
import packageJson from '@/package.json';
import { getViewer } from '@/lib/auth';
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours, WallScreen } from '@/lib/ui/wall';

export const metadata: Metadata = { title: 'Wall' };

/** `?hours=Mon-Fri 08:00-18:00` (or `always`) sets when the wall is at full brightness. */
const WallSearch = z.object({ hours: z.string().max(40).optional() });

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function WallPage({ searchParams }: { searchParams: Search }) {
  const search = WallSearch.safeParse(await searchParams);
  const hours = (search.success && search.data.hours && parseBusinessHours(search.data.hours)) || DEFAULT_BUSINESS_HOURS;
  const viewer = await getViewer();
  return <WallScreen signedIn={viewer !== null} version={packageJson.version} businessHours={hours} />;
}
