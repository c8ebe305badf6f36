import { Link as RouterLink } from 'react-router-dom';

/** Internal urls go through the router; anything else opens as a plain link. */
export function linkProps(url: string) {
  return url.startsWith('/') ? { component: RouterLink, to: url } : { component: 'a' as const, href: url, rel: 'noopener noreferrer' };
}
