import { describe, expect, it } from 'vitest';
import { cdr, describeStoreContract } from './store.contract';
import { createMemoryStore } from './memory-store';

describeStoreContract('memory', async () => createMemoryStore());

describe('createMemoryStore', () => {
  it('keeps stored records apart from the caller\'s objects when the caller mutates them', async () => {
    const store = createMemoryStore();
    const record = cdr(1);
    await store.cdrs.insert([record], 0);
    record.to.user = 'changed';
    const [listed] = await store.cdrs.listEndedSince(0);
    expect(listed!.to.user).toBe('201');
    listed!.to.user = 'changed again';
    expect((await store.cdrs.listEndedSince(0))[0]!.to.user).toBe('201');
  });
});
