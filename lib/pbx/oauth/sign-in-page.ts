/**
 * The authorization endpoint's pages: server-rendered HTML with inline CSS and
 * no script. Every interpolated value goes through escapeHtml.
 */
import { escapeHtml } from './escape-html';

export interface SignInView {
  appName: string;
  companyName: string;
  /** The form posts back here: the authorize path with the request's query. */
  action: string;
  csrfToken: string;
  username: string;
  /** Shown above the form (a failed attempt, a lock-out), or null. */
  message: string | null;
}

export function renderSignInPage(view: SignInView): string {
  const alert = view.message === null ? '' : `<p class="alert" role="alert">${escapeHtml(view.message)}</p>`;
  const focusPassword = view.username !== '';
  return page(
    `Sign in · ${view.companyName}`,
    `<main class="card">
  <p class="eyebrow">${escapeHtml(view.companyName)}</p>
  <h1>Sign in</h1>
  <p class="lead"><strong>${escapeHtml(view.appName)}</strong> is asking to act on your behalf. Sign in with your phone system account; the application never sees your password.</p>
  ${alert}
  <form method="post" action="${escapeHtml(view.action)}" autocomplete="on">
    <input type="hidden" name="csrf_token" value="${escapeHtml(view.csrfToken)}">
    <label for="username">Username</label>
    <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(view.username)}"${focusPassword ? '' : ' autofocus'}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${focusPassword ? ' autofocus' : ''}>
    <button type="submit">Sign in and allow access</button>
  </form>
</main>`,
  );
}

export function renderErrorPage(view: { title: string; detail: string }): string {
  return page(
    view.title,
    `<main class="card">
  <h1>${escapeHtml(view.title)}</h1>
  <p class="alert" role="alert">${escapeHtml(view.detail)}</p>
  <p class="lead">Return to the application and start the sign-in again. If this keeps happening, the application's settings (client id or redirect URL) do not match its registration.</p>
</main>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:linear-gradient(160deg,#e8eef6 0%,#f7f9fc 60%)}
.card{width:100%;max-width:400px;background:#fff;border-radius:14px;padding:32px 32px 28px;box-shadow:0 1px 2px rgba(15,23,42,.06),0 12px 32px rgba(15,23,42,.10)}
.eyebrow{margin:0 0 4px;font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#52606d}
h1{margin:0 0 12px;font-size:24px;line-height:1.25}
.lead{margin:0 0 20px;color:#52606d;font-size:14px}
.alert{margin:0 0 18px;padding:10px 12px;border-radius:8px;background:#fdecec;color:#9b1c1c;border:1px solid #f5c2c2;font-size:14px}
label{display:block;margin:0 0 6px;font-size:14px;font-weight:600}
input[type=text],input[type=password]{display:block;width:100%;margin:0 0 16px;padding:10px 12px;font:inherit;border:1px solid #cbd2d9;border-radius:8px;background:#fff}
input:focus{outline:3px solid rgba(37,99,235,.35);border-color:#2563eb}
button{display:block;width:100%;margin-top:8px;padding:11px 16px;font:inherit;font-weight:600;color:#fff;background:#2563eb;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#1d4ed8}
button:focus-visible{outline:3px solid rgba(37,99,235,.45);outline-offset:2px}
`;
