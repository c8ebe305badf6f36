import { LegalPage } from './LegalPage';

export function Component() {
  return <LegalPage kind="terms" />;
}
