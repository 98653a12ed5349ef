import { Link } from '@fansite/ui-kit';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';

const Nav = styled.nav`
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a,
  button {
    display: block;
    width: 100%;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.medium};
    background: ${({ theme }) => theme.colours.surface};
    color: ${({ theme }) => theme.colours.text};
    font: inherit;
    font-weight: 600;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }

  a:hover,
  button:hover,
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.onPrimary};
  }
`;

export interface AccountSidebarProps {
  onPlayFavorites: () => void;
  playingFavorites: boolean;
}

/** The account pages' menu (docs/product.md, screens, account sidebar). */
export function AccountSidebar({ onPlayFavorites, playingFavorites }: AccountSidebarProps) {
  return (
    <Nav aria-label="Account">
      <ul>
        <li>
          <Link href={paths.account}>Dashboard</Link>
        </li>
        <li>
          <Link href={paths.changePassword}>Change Password</Link>
        </li>
        <li>
          <button type="button" onClick={onPlayFavorites} disabled={playingFavorites}>
            Play Favorites
          </button>
        </li>
      </ul>
    </Nav>
  );
}
