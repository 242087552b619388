/**
 * What a person needs to try the service: where it listens and, per company,
 * the registered apps and the users with their passwords. Printed at start-up
 * by `npm run pbx` and by the wallboard when it embeds the service.
 */
import { withDemoRedirectUri } from './directory';
import type { PbxOptions } from './env';

export function describePbx(url: string, options: Pick<PbxOptions, 'seed' | 'demoRedirectUri' | 'sandbox'>): string {
  const seed = withDemoRedirectUri(options.seed, options.demoRedirectUri);
  const lines = [
    `Telephony integration service listening on ${url}`,
    `  token endpoint  ${url}/api/oauth/token/`,
    `  sign-in page    ${url}/oauth/authorize/`,
    `  sandbox         ${options.sandbox ? `${url}/sandbox/` : 'off'}`,
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
    const users = company.users.map((user) => [user.username, user.password, user.role, user.extension]);
    lines.push('  Users', ...table(['username', 'password', 'role', 'extension'], users));
  }
  return lines.join('\n');
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `    ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()}`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}
