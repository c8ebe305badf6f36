import { Navigate } from 'react-router-dom';
import { useModuleArea, modulePath } from '../area/context';

/** /module/{administrator}/{event}: no module chosen; open the first module the user holds in the event. */
export function Component() {
  const { administrator, roleData, eventCode } = useModuleArea();
  const first = roleData?.modules[0]?.module;
  if (!eventCode || !first) return <Navigate to="/module" replace />;
  const preferred = roleData?.modules.some((m) => m.module === 'store') ? 'store' : first;
  return <Navigate to={modulePath(administrator, eventCode, preferred)} replace />;
}
