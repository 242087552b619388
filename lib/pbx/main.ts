/**
 * `npm run pbx`: the telephony integration service on its own, configured by
 * PBX_* variables (lib/pbx/env.ts). Prints where it listens and the demo
 * credentials to sign in with.
 */
import { withDemoRedirectUri, type Seed } from './directory';
import { pbxOptionsFromEnv, startPbx } from './index';

const options = pbxOptionsFromEnv(process.env);
const pbx = await startPbx(options);
process.stdout.write(startupBanner(pbx.url, withDemoRedirectUri(options.seed, options.demoRedirectUri), options.sandbox));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void pbx.close().then(() => process.exit(0));
  });
}

function startupBanner(url: string, seed: Seed, sandbox: boolean): string {
  const lines = [
    `Telephony integration service listening on ${url}`,
    `  token endpoint  ${url}/api/oauth/token/`,
    `  sign-in page    ${url}/oauth/authorize/`,
    `  sandbox         ${sandbox ? `${url}/sandbox/` : 'off'}`,
  ];
  for (const company of seed.companies) {
    lines.push('', `Company ${company.id}: ${company.name} (${company.domain}, ${company.timeZone})`);
    for (const app of company.apps) {
      lines.push(
        `  App "${app.name}"`,
        `    client_id      ${app.clientId}`,
        `    client_secret  ${app.clientSecret}`,
        `    redirect_uri   ${app.redirectUri}`,
      );
    }
    lines.push('  Users', ...table(['username', 'password', 'role', 'extension'], company.users.map((user) => [user.username, user.password, user.role, user.extension])));
  }
  return `${lines.join('\n')}\n\n`;
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `    ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()}`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}
