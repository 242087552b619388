import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '@/lib/store';
import { loadWebhookSecret } from './webhook-secret';

const first = 'a'.repeat(43);
const second = 'b'.repeat(43);

describe('loadWebhookSecret', () => {
  it('keeps the stored secret when there is one', async () => {
    const store = createMemoryStore();
    await store.settings.put('webhook.path-secret', first);
    expect(await loadWebhookSecret(store.settings, { newSecret: () => second })).toBe(first);
  });

  it('stores a new secret when the store has none', async () => {
    const store = createMemoryStore();
    expect(await loadWebhookSecret(store.settings, { newSecret: () => first })).toBe(first);
    expect(await store.settings.get('webhook.path-secret')).toBe(first);
  });

  it('gives two instances starting together on an empty store the same secret when they claim through one place', async () => {
    const store = createMemoryStore();
    let claimed: string | null = null;
    const claim = async (candidate: string) => (claimed ??= candidate);
    const [a, b] = await Promise.all([
      loadWebhookSecret(store.settings, { newSecret: () => first, claim }),
      loadWebhookSecret(store.settings, { newSecret: () => second, claim }),
    ]);
    expect([a, b]).toEqual([first, first]);
    expect(await store.settings.get('webhook.path-secret')).toBe(first);
  });
});
