import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { screens } from '../../config/navigation';
import { canAccess, type AccessUser } from '../../lib/access';
import { avatarLetter, initials } from './user-display';

interface Props {
  name: string;
  email: string;
  roleLabel: string;
  access: AccessUser;
  onSignOut: () => Promise<void>;
}

/**
 * §2.4: display name, role label and avatar letter (initials on phones); the menu holds the
 * e-mail, Your Profile, Settings (only for whoever may open it) and Sign out.
 */
export function UserMenu({ name, email, roleLabel, access, onSignOut }: Props) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async () => {
    setSigningOut(true);
    await onSignOut();
    void navigate('/login', { replace: true });
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => { setOpen(!open); }}
      >
        <span className="avatar" aria-hidden="true">
          <span className="avatar-letter">{avatarLetter(name)}</span>
          <span className="avatar-initials">{initials(name)}</span>
        </span>
        <span className="user-text">
          <span className="user-name">{name}</span>
          <span className="user-role">{roleLabel}</span>
        </span>
        <span className="visually-hidden">: account menu</span>
      </button>
      <div id={menuId} className="user-dropdown" hidden={!open}>
        <p className="user-email">{email}</p>
        <ul>
          <li>
            <Link to={screens.profile.path} onClick={() => { setOpen(false); }}>
              Your Profile
            </Link>
          </li>
          {canAccess(access, screens.settings.requirement) ? (
            <li>
              <Link to={screens.settings.path} onClick={() => { setOpen(false); }}>
                Settings
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={() => void signOut()} disabled={signingOut}>
              {signingOut ? 'Signing out...' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
