/** The colours a brand configures (brand-config's `theme`); everything else is shared. */
export interface BrandColours {
  primary: string;
  accent: string;
  background: string;
  surface: string;
  text: string;
  mutedText: string;
}

/** Builds the styled-components theme of a brand from its colours. */
export function createTheme(colours: BrandColours) {
  return {
    colours: {
      ...colours,
      onPrimary: '#ffffff',
      /** The navbar's solid state is black on every brand (docs/product.md, screens). */
      navbar: '#000000',
      border: 'rgba(255, 255, 255, 0.12)',
      overlay: 'rgba(0, 0, 0, 0.55)',
      /** Failure and success, the same on every brand: boxes with white text, and error text. */
      status: {
        danger: '#b91c1c',
        success: '#15803d',
        onStatus: '#ffffff',
        /** A field's error text and border, readable on the dark backgrounds. */
        dangerText: '#f87171',
        dangerBorder: '#ef4444',
      },
      /** Badge backgrounds under white text: each at least 4.5:1 (WCAG AA for small text). */
      badge: {
        new: '#15803d',
        network: '#0369a1',
        special: '#b45309',
      },
    },
    fonts: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    radii: { small: '4px', medium: '8px', large: '16px', pill: '999px' },
    /** Spacing scale in rem, indexed by step. */
    space: ['0', '0.25rem', '0.5rem', '0.75rem', '1rem', '1.5rem', '2rem', '3rem', '4rem'],
    layout: {
      maxWidth: '1200px',
      navbarHeight: '64px',
      /** The player bar at the bottom of every page once a song plays; pages are padded by it. */
      playerBarHeight: '72px',
    },
    /**
     * Styles are written for wide screens first; this query adapts them to screens narrower than
     * 767 px, the width from which docs/product.md, constants turns the home navbar black on scroll.
     */
    media: { narrow: '(max-width: 766.98px)' },
  } as const;
}

export type Theme = ReturnType<typeof createTheme>;

declare module 'styled-components' {
  // Module augmentation only works through an interface, hence the empty extension.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
