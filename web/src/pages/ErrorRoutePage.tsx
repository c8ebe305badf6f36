import { useParams } from 'react-router-dom';
import { ErrorView, normalizeStatus } from '../components/ErrorPage';

/** /error/{status}: shows the catalogue page of a status (links from other pages, and browser tests). */
export function Component() {
  const { status } = useParams();
  return <ErrorView status={normalizeStatus(status)} />;
}
