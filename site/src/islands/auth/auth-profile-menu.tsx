// The signed-in header menu (docs/product-rules.md#pages): Teach (tutors only, docs/decisions/079),
// My Account, Manage Bookings, Admin Dashboard (admins only) and Sign Out. Wide screens get a
// Radix DropdownMenu behind the profile button; in the collapsed menu of narrow screens the same
// items are listed in place, as the nav links are.
import { MESSAGES, type UserRole } from '@tuition/domain';
import { DropdownMenu } from 'radix-ui';
import { toastSuccess } from '../shared/app-toaster.tsx';
import './auth-profile-menu.css';
import { themeRoot } from '../shared/theme-root.ts';

export interface AuthProfileMenuProps {
  name: string;
  email: string;
  role: UserRole;
}

export function menuItems(role: UserRole) {
  return [
    // A tutor's 1-to-1 hours sit next to their sessions (docs/decisions/109).
    ...(role === 'tutor'
      ? [
          { href: '/teach', label: 'Teach' },
          { href: '/teach/availability', label: '1-to-1 Hours' },
        ]
      : []),
    { href: '/my-account', label: 'My Account' },
    { href: '/manage-bookings', label: 'Manage Bookings' },
    ...(role === 'admin' ? [{ href: '/admin', label: 'Admin Dashboard' }] : []),
  ];
}

/** "Ada Lovelace" -> "AL"; falls back to the e-mail's first letter. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0]}${words.at(-1)?.[0]}` : (words[0]?.[0] ?? '');
  return (letters || email[0] || '?').toUpperCase();
}

/**
 * better-auth's client (and the domain's forms and schemas it brings) is fetched when someone
 * signs out, not with the menu: evaluating it as every signed-in page loaded was a long task of
 * its own on a phone (docs/decisions/084).
 */
async function signOut() {
  const { signOutEverywhere } = await import('../../lib/auth-client.ts');
  await signOutEverywhere();
  toastSuccess(MESSAGES.logoutSuccess);
}

export default function AuthProfileMenu({ name, email, role }: AuthProfileMenuProps) {
  const items = menuItems(role);
  return (
    <>
      <div className="profile-menu profile-menu--wide">
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger className="btn btn--ghost profile-menu__trigger">
            <span className="profile-menu__avatar" aria-hidden="true">
              {initialsOf(name, email)}
            </span>
            <span className="visually-hidden">Profile menu for {name || email}</span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal container={themeRoot()}>
            <DropdownMenu.Content className="profile-menu__content" align="end" sideOffset={6}>
              <DropdownMenu.Label className="profile-menu__label">
                <span className="profile-menu__name">{name}</span>
                <span className="profile-menu__email">{email}</span>
              </DropdownMenu.Label>
              <DropdownMenu.Separator className="profile-menu__separator" />
              {items.map((item) => (
                <DropdownMenu.Item key={item.href} className="profile-menu__item" asChild>
                  <a href={item.href}>{item.label}</a>
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Separator className="profile-menu__separator" />
              <DropdownMenu.Item className="profile-menu__item" onSelect={() => void signOut()}>
                Sign Out
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>

      <div className="profile-menu profile-menu--narrow">
        <p className="profile-menu__who">
          Signed in as <strong>{name || email}</strong>
        </p>
        <ul className="profile-menu__list" aria-label="Account">
          {items.map((item) => (
            <li key={item.href}>
              <a className="btn btn--soft btn--block" href={item.href}>
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="btn btn--outline btn--block"
              onClick={() => void signOut()}
            >
              Sign Out
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}
