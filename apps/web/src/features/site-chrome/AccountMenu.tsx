import { useAuth } from '@fansite/auth';
import { Link } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { usePlayFavorites } from '../../lib/usePlayFavorites.ts';

const Item = styled.li`
  position: relative;
`;

const entry = css`
  display: block;
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colours.text};
  font: inherit;
  font-weight: 600;
  text-align: left;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

const Toggle = styled.button`
  ${entry}
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  z-index: 20;
  min-width: 200px;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.navbar};

  @media ${({ theme }) => theme.media.narrow} {
    position: static;
    border: 0;
  }
`;

const Email = styled.li`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.9rem;
`;

const MenuLink = styled(Link)`
  ${entry}
`;

const MenuButton = styled.button`
  ${entry}
`;

/** The navbar's Account item: a link to sign in, or the signed-in user's menu (docs/product.md, screens). */
export function AccountMenu() {
  const { user, service } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  // With no favourites to play, the dashboard says so.
  const { playFavorites } = usePlayFavorites(() => void navigate({ href: paths.account }));
  const { queries } = useAppContext();
  // Asked when the menu first opens: whether the Team entry belongs in it.
  const accountInfo = useQuery({
    ...queries.account.info({}, user?.uid ?? null),
    enabled: open && Boolean(user),
  });

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  if (!user) {
    return (
      <Item>
        <MenuLink href={paths.login}>Account</MenuLink>
      </Item>
    );
  }

  // Home first: an account page still showing would send a user who just signed out to log in.
  async function signOut() {
    setOpen(false);
    await navigate({ href: paths.home });
    await service.signOut();
  }

  return (
    <Item ref={itemRef}>
      <Toggle
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        // The folded menu of narrow screens closes on any button; this one opens a sub-menu.
        onClick={(event) => {
          event.stopPropagation();
          setOpen((isOpen) => !isOpen);
        }}
      >
        Account
      </Toggle>
      {open && (
        <Menu id={menuId} aria-label="Account">
          <Email>{user.email}</Email>
          <li>
            <MenuLink href={paths.account} onClick={() => setOpen(false)}>
              Dashboard
            </MenuLink>
          </li>
          <li>
            <MenuButton
              type="button"
              onClick={() => {
                setOpen(false);
                playFavorites();
              }}
            >
              Favorites
            </MenuButton>
          </li>
          {accountInfo.data?.staff && (
            <li>
              <MenuLink href={paths.staffInbox} onClick={() => setOpen(false)}>
                Team
              </MenuLink>
            </li>
          )}
          <li>
            <MenuButton type="button" onClick={() => void signOut()}>
              Sign out
            </MenuButton>
          </li>
        </Menu>
      )}
    </Item>
  );
}
