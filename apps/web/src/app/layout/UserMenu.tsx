import type { UserResponse } from '@crew/contracts';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router-dom';
import type { MenuLink } from './Header';
import { UserChip } from './UserChip';

export function UserMenu({ user, links, onLogout }: { user: UserResponse; links: readonly MenuLink[]; onLogout: () => void }) {
  const navigate = useNavigate();
  return (
    // Not modal and not portalled: a menu leaves the page readable (nothing set aria-hidden behind it) and stays inside the header's landmark.
    <DropdownMenu.Root modal={false}>
      {/* Named by what it shows (name and role), so speech users can say what they see. */}
      <DropdownMenu.Trigger className="user-menu__trigger">
        <UserChip user={user} />
        <span className="visually-hidden"> account menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
        {links.map((link) => (
          <DropdownMenu.Item key={link.label} className="menu__item" onSelect={() => navigate(link.to)}>
            {link.label}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="menu__separator" />
        <DropdownMenu.Item className="menu__item" onSelect={onLogout}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
