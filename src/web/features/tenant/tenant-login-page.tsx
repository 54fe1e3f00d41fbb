import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { TenantDialog } from './tenant-dialog';

/** /tenant-login: the tenant dialog as a page of its own (a link can lead straight to it); closing goes home. */
export function TenantLoginPage() {
  const navigate = useNavigate();
  return <TenantDialog opened onClose={() => void navigate(paths.home)} />;
}
