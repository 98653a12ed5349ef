import { useAuth } from '@fansite/auth';
import { Link } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { DiscordBox } from './DiscordBox.tsx';
import type { AccountMessage } from './LinkedAccountBox.tsx';
import { PatreonBox } from './PatreonBox.tsx';

const Nav = styled.nav`
  grid-area: nav;

  ul {
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  /* A phone shows the entries as wrapping pills, so the page itself starts on the first screen. */
  @media ${({ theme }) => theme.media.narrow} {
    ul {
      display: flex;
      flex-wrap: wrap;
      gap: ${({ theme }) => theme.space[2]};
    }

    a,
    button {
      width: auto;
    }
  }

  a,
  button {
    display: flex;
    align-items: center;
    box-sizing: border-box;
    width: 100%;
    min-height: 44px;
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
  onMessage: (message: AccountMessage) => void;
}

/** Below the menu on wide screens; after the page on a phone. */
const DiscordArea = styled.div`
  grid-area: discord;
`;

/**
 * The account pages' menu (docs/product.md, screens, account sidebar). The subscriber entries follow the
 * server's answer (`subscriber` in account/getinfo); the pages behind them ask the server again.
 */
export function AccountSidebar({
  onPlayFavorites,
  playingFavorites,
  onMessage,
}: AccountSidebarProps) {
  const { queries, brand } = useAppContext();
  const { user } = useAuth();
  const subscriber =
    useQuery(queries.account.info({}, user?.uid ?? null)).data?.subscriber === true;
  return (
    <>
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
          {subscriber && (
            <>
              <li>
                <Link href={paths.website}>My Website</Link>
              </li>
              <li>
                <Link href={paths.promotion}>Channel Promotion</Link>
              </li>
              <li>
                <Link href={paths.songMaker}>Song Maker</Link>
              </li>
              {brand.features.artworkEnabled && (
                <li>
                  <Link href={paths.artwork}>Channel Artwork</Link>
                </li>
              )}
            </>
          )}
        </ul>
      </Nav>
      <DiscordArea>
        <PatreonBox onMessage={onMessage} />
        <DiscordBox onMessage={onMessage} />
      </DiscordArea>
    </>
  );
}
