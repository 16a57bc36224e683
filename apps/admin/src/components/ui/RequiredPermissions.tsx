import { permissionLabel } from '../../lib/permissions';

/**
 * The facts of an Insufficient Permissions notice (§8): the permission the screen needs, or any
 * one of several, in the words of the Admin Users form (lib/permissions.ts), never as a key.
 */
export function RequiredPermissions({ permissions }: { permissions: readonly string[] }) {
  return (
    <dl className="notice-facts">
      <div>
        <dt>{permissions.length > 1 ? 'Required permission (any one)' : 'Required permission'}</dt>
        <dd>
          {permissions.map((permission, index) => (
            <span key={permission}>
              {index > 0 ? ' or ' : null}
              <strong>{permissionLabel(permission)}</strong>
            </span>
          ))}
        </dd>
      </div>
    </dl>
  );
}
