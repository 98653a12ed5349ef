import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { AppContext } from './context.ts';

/**
 * `beforeLoad` of pages for signed-in users: anyone else goes to /login, which brings them back
 * here once signed in (docs/product.md, roles).
 */
export async function requireSignedIn({
  context,
  location,
}: {
  context: AppContext;
  location: ParsedLocation;
}) {
  if (await context.auth.currentUser()) return;
  throw redirect({ to: '/login', search: { redirect: location.href } });
}

/** Only a path of this site may be a destination after signing in, never another site. */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
