import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { ExploreGrid } from './ExploreGrid.tsx';

describe('ExploreGrid', () => {
  it('lists each song as a link with its thumbnail, title and playlist', () => {
    renderWithTheme(
      <ExploreGrid
        title="Explore more"
        items={[
          {
            title: 'Monster',
            subtitle: 'Gaming',
            youtubeId: 'kJQP7kiw5Fk',
            href: '/song?s=kJQP7kiw5Fk&p=gaming',
          },
          {
            title: 'Faded',
            subtitle: 'Sad',
            youtubeId: 'aaaaaaaaaaa',
            href: '/song?s=aaaaaaaaaaa&p=sad',
          },
        ]}
      />,
    );

    const section = screen.getByRole('region', { name: 'Explore more' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/song?s=kJQP7kiw5Fk&p=gaming');
    expect(links[0]).toHaveTextContent('Monster');
    expect(links[0]).toHaveTextContent('Gaming');
    expect(links[0]!.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/kJQP7kiw5Fk/mqdefault.jpg',
    );
  });
});
