/** The TV's side of pairing over HTTP (app/api/displays/pairings). */
import { z } from 'zod';

const PairingCode = z.object({ code: z.string().min(1), expiresAt: z.number(), expiresInSeconds: z.number().positive() });
const PairingStatus = z.object({ paired: z.boolean() });

export interface PairingApi {
  requestCode(tokenHash: string): Promise<z.infer<typeof PairingCode>>;
  isPaired(tokenHash: string): Promise<boolean>;
}

export function httpPairingApi(fetcher: typeof fetch): PairingApi {
  async function post(path: string, tokenHash: string): Promise<unknown> {
    const response = await fetcher(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokenHash }),
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  }
  return {
    requestCode: async (tokenHash) => PairingCode.parse(await post('/api/displays/pairings', tokenHash)),
    isPaired: async (tokenHash) => PairingStatus.parse(await post('/api/displays/pairings/status', tokenHash)).paired,
  };
}
