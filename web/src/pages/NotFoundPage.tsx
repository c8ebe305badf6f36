import { ErrorView } from '../components/ErrorPage';

/** Unmatched routes: 404 page plus the English 'This page could not be found' (spec section 8). */
export function Component() {
  return <ErrorView status={404} notFoundRoute />;
}
