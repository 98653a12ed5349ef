import { createGlobalStyle } from 'styled-components';

/** Page-wide base styles drawn from the theme; render once inside the ThemeProvider. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    color-scheme: dark;
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
    font-family: ${({ theme }) => theme.fonts.body};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }

  a {
    color: inherit;
  }

  img, svg {
    display: block;
    max-width: 100%;
  }

  button, input, select, textarea {
    font: inherit;
  }

  /* A box big enough to see and hit; its label, which toggles it too, gives a finger 44 px. */
  input[type='checkbox'], input[type='radio'] {
    width: 1.5rem;
    height: 1.5rem;
    margin: 0 ${({ theme }) => theme.space[2]} 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colours.primary};
  }

  label:has(> input[type='checkbox']),
  label:has(> input[type='radio']),
  input[type='checkbox'] + label,
  input[type='radio'] + label {
    display: flex;
    align-items: center;
    min-height: 44px;
  }

  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colours.accent};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
