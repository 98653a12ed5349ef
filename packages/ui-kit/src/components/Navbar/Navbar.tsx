import { useId, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useControlWaitsForScript } from '@fansite/ssr/browser';
import { useScrolledPast } from '../../hooks/useScrolledPast.ts';
import { MenuIcon, SearchIcon } from '../../icons/icons.tsx';
import { Link, type UiLinkProps } from '../../link/Link.tsx';
import { UNAVAILABLE } from '../../theme/controls.ts';

interface HeaderState {
  $overlay: boolean;
  $scrolled: boolean;
}

const Header = styled.header<HeaderState>`
  position: fixed;
  inset: 0 0 auto;
  z-index: 10;
  background: ${({ theme, $overlay, $scrolled }) =>
    $overlay && !$scrolled ? 'transparent' : theme.colours.navbar};
  transition: background 0.3s;

  /*
   * docs/product.md, constants: only screens from 767 px wide turn the overlaying bar black on
   * scroll. A phone gets a dark see-through backdrop instead, so the items stay readable over the
   * page, and the bar stays transparent over the hero while the page is at its top.
   */
  @media ${({ theme }) => theme.media.narrow} {
    ${({ $overlay, $scrolled }) =>
      $overlay &&
      css`
        background: ${$scrolled ? 'rgba(0, 0, 0, 0.82)' : 'transparent'};
        backdrop-filter: ${$scrolled ? 'blur(8px)' : 'none'};
      `}
  }
`;

/* One row that never changes height: the menu and the search box open below it, over the page. */
const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  min-height: ${({ theme }) => theme.layout.navbarHeight};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space[4]};
`;

const LogoLink = styled(Link)`
  display: flex;
  align-items: center;
  min-width: 44px;
  min-height: 44px;
  margin-right: auto;

  img {
    height: 40px;
    width: auto;
  }
`;

const iconButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* A finger needs 44 px (WCAG 2.5.5). */
  min-width: 44px;
  min-height: 44px;
  padding: ${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.small};
  background: transparent;
  color: ${({ theme }) => theme.colours.text};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

const MenuToggle = styled.button`
  ${iconButton}
  display: none;

  @media ${({ theme }) => theme.media.narrow} {
    display: inline-flex;
  }
`;

const SearchToggle = styled.button`
  ${iconButton}
`;

// Narrow screens fold the items into a panel that the menu button opens.
const Items = styled.ul<{ $open: boolean }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  min-width: 0;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;

  @media ${({ theme }) => theme.media.narrow} {
    position: absolute;
    top: 100%;
    right: 0;
    left: 0;
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-direction: column;
    align-items: stretch;
    max-height: calc(100svh - ${({ theme }) => theme.layout.navbarHeight});
    overflow-y: auto;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]} ${theme.space[4]}`};
    background: ${({ theme }) => theme.colours.navbar};
  }
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colours.text};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }

  /* Dimmed while it works (a random song on its way), not in the moment before the page's script
     runs, when it waits for the script only (WAITS_FOR_SCRIPT): that would flash on every load. */
  ${UNAVAILABLE} {
    cursor: progress;
    opacity: 0.6;
  }
`;

const ItemLink = styled(Link)`
  ${itemStyles}
`;

const ItemButton = styled.button`
  ${itemStyles}
`;

const SearchForm = styled.form`
  position: absolute;
  top: 100%;
  right: 0;
  left: 0;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colours.navbar};
`;

const SearchInner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
`;

const SearchInput = styled.input`
  box-sizing: border-box;
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};
`;

export interface NavbarProps {
  siteName: string;
  logoSrc: string;
  homeHref?: string;
  /** Lay the bar over the top of the page, transparent, until the page is scrolled (the home hero). */
  overlay?: boolean;
  /** Called with the trimmed text when a search is submitted with Enter. */
  onSearch: (query: string) => void;
  /** The navigation items: `NavbarLink`s and `NavbarButton`s, in order. */
  children: ReactNode;
}

/**
 * The site's top bar: logo, navigation items and a search box that a search icon toggles. Solid
 * black, or transparent over the page top when `overlay` is set, turning black once the page is
 * scrolled on screens at least 767 px wide.
 */
export function Navbar({
  siteName,
  logoSrc,
  homeHref = '/',
  overlay = false,
  onSearch,
  children,
}: NavbarProps) {
  const scrolled = useScrolledPast(0);
  // The toggles do nothing without the app: disabled until the page keeps presses for it.
  const pressKept = useControlWaitsForScript();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // What was typed, kept while the box is folded away; the box itself holds the text it shows,
  // so nothing typed is ever overwritten by a render.
  const [draft, setDraft] = useState('');
  const menuId = useId();
  const searchId = useId();

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (!text) return;
    onSearch(text);
    setSearchOpen(false);
    setDraft('');
  }

  // Following an item of the folded menu should also fold it back.
  function closeMenuAfterChoice(event: MouseEvent<HTMLElement>) {
    if ((event.target as HTMLElement).closest('a, button')) setMenuOpen(false);
  }

  return (
    <Header $overlay={overlay} $scrolled={scrolled}>
      <Bar as="nav" aria-label="Main">
        <LogoLink href={homeHref}>
          <img src={logoSrc} alt={siteName} width="40" height="40" />
        </LogoLink>
        <Items id={menuId} $open={menuOpen} onClick={closeMenuAfterChoice}>
          {children}
        </Items>
        <SearchToggle
          type="button"
          aria-label="Search"
          {...pressKept}
          aria-expanded={searchOpen}
          aria-controls={searchOpen ? searchId : undefined}
          onClick={() => {
            setSearchOpen((open) => !open);
            setMenuOpen(false);
          }}
        >
          <SearchIcon />
        </SearchToggle>
        <MenuToggle
          type="button"
          aria-label="Menu"
          {...pressKept}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => {
            setMenuOpen((open) => !open);
            setSearchOpen(false);
          }}
        >
          <MenuIcon />
        </MenuToggle>
        {searchOpen && (
          <SearchForm id={searchId} role="search" onSubmit={submitSearch}>
            <SearchInner>
              <SearchInput
                type="search"
                name="q"
                aria-label="Search songs"
                placeholder="Search songs"
                defaultValue={draft}
                onChange={(event) => setDraft(event.target.value)}
                autoFocus
              />
            </SearchInner>
          </SearchForm>
        )}
      </Bar>
    </Header>
  );
}

/** A navigation item that goes somewhere. */
export function NavbarLink(props: UiLinkProps) {
  return (
    <li>
      <ItemLink {...props} />
    </li>
  );
}

export interface NavbarButtonProps {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}

/** A navigation item that does something, e.g. picking a random song. */
export function NavbarButton({ onClick, disabled, children }: NavbarButtonProps) {
  // Does nothing without the app: disabled until the page keeps presses for it.
  const pressKept = useControlWaitsForScript(disabled);
  return (
    <li>
      <ItemButton type="button" onClick={onClick} {...pressKept}>
        {children}
      </ItemButton>
    </li>
  );
}
