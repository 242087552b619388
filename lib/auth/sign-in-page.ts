/** What the sign-in page shows and where it sends people afterwards. Pure. */

/**
 * The path to return to after sign-in. next-auth hands the page an absolute URL
 * on our origin; anything pointing elsewhere (an open redirect) becomes "/".
 */
export function safeCallbackPath(value: string | undefined, publicUrl: string): string {
  if (!value) return '/';
  let url: URL;
  try {
    url = new URL(value, publicUrl);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(publicUrl).origin) return '/';
  return `${url.pathname}${url.search}`;
}

/** next-auth's error codes (pages.error) as sentences for the person at the screen. */
export function signInErrorMessage(code: string | undefined): string | null {
  switch (code) {
    case undefined:
    case '':
      return null;
    case 'AccessDenied':
      return 'Your phone system account has no wallboard role. Ask your administrator for a call centre role.';
    case 'SessionRequired':
      return 'Please sign in to continue.';
    case 'Configuration':
      return 'Sign-in is not set up correctly on this wallboard. Please tell your administrator.';
    default:
      return 'Sign-in did not complete. Please try again.';
  }
}
