import { isLocale, LOCALE_NAMES, LOCALES } from '@crew/rules/locales';
import { Trans } from '@lingui/react/macro';
import type { UserResponse } from '@crew/contracts';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router-dom';
import { saveLocale } from '../../api/profile';
import { activeLocale } from '../../i18n/i18n';
import { switchLocale } from '../../i18n/language-choice';
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
        <span className="visually-hidden">
          <Trans> account menu</Trans>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
        {links.map((link) => (
          <DropdownMenu.Item key={link.label} className="menu__item" onSelect={() => navigate(link.to)}>
            {link.label}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="menu__separator" />
        {/* The member's language: saved on the account, so mail and signed-in screens follow it. */}
        <DropdownMenu.Label className="menu__label">
          <Trans>Language</Trans>
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={activeLocale()}
          onValueChange={(value) => {
            if (isLocale(value) && value !== activeLocale()) void switchLocale(value, saveLocale);
          }}
        >
          {LOCALES.map((locale) => (
            <DropdownMenu.RadioItem key={locale} value={locale} className="menu__item menu__item--radio" lang={locale}>
              {LOCALE_NAMES[locale]}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator className="menu__separator" />
        <DropdownMenu.Item className="menu__item" onSelect={onLogout}>
          <Trans>Logout</Trans>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
