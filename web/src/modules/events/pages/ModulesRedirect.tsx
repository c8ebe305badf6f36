import { Navigate } from 'react-router-dom';

/** /module/{administrator} alone has no page: the list of modules and events is /module. */
export function Component() {
  return <Navigate to="/module" replace />;
}
