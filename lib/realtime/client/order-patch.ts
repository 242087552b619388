/**
 * Where a patch stands against the snapshot it would change. Patches of one
 * audience carry consecutive seq numbers; anything else than the next one is
 * either a replay already applied or proof that something was lost.
 */
type PatchOrder = 'next' | 'already-applied' | 'gap';

export function orderPatch(currentSeq: number, patchSeq: number): PatchOrder {
  if (patchSeq <= currentSeq) return 'already-applied';
  if (patchSeq === currentSeq + 1) return 'next';
  return 'gap';
}
