import { useNavigate } from 'react-router-dom';
import { RequiredPermissions } from '../../components/ui/RequiredPermissions';
import { GoBack } from './AccessDeniedPage';

/** §2.3 and §8: the role passes but none of the screen's permissions is held. */
export function InsufficientPermissionsPage({ permissions }: { permissions: readonly string[] }) {
  const navigate = useNavigate();
  return (
    <section className="notice-page" aria-labelledby="insufficient-title">
      <title>Insufficient Permissions</title>
      <h1 id="insufficient-title">Insufficient Permissions</h1>
      <p>You don&apos;t have the required permissions to access this feature.</p>
      <RequiredPermissions permissions={permissions} />
      <p className="notice-help">If you need this screen for your work, ask the system administrator.</p>
      <GoBack onBack={() => void navigate(-1)} onHome={() => void navigate('/dashboard')} />
    </section>
  );
}
