import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { SongList, SongRow, type SongRowProps } from './SongRow.tsx';

const row: SongRowProps = {
  title: 'Angel with a shotgun',
  youtubeId: 'dQw4w9WgXcQ',
  href: '/song?s=dQw4w9WgXcQ&p=gaming',
  dateAdded: '2026-01-02T03:04:05.000Z',
  isNew: true,
  artist: { name: 'The Cab', href: '/search?q=The+Cab&type=artist' },
  playlist: { name: 'Gaming', href: '/playlist?p=gaming' },
};

describe('SongRow', () => {
  it('shows title link, long US date, New, artist and playlist badges', () => {
    renderWithTheme(
      <SongList aria-label="Songs">
        <SongRow {...row} />
      </SongList>,
    );

    const item = within(screen.getByRole('list', { name: 'Songs' })).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Angel with a shotgun' })).toHaveAttribute(
      'href',
      row.href,
    );
    expect(item).toHaveTextContent('January 2, 2026');
    expect(within(item).getByText('New')).toBeVisible();
    expect(within(item).getByRole('link', { name: 'The Cab' })).toHaveAttribute(
      'href',
      row.artist.href,
    );
    expect(within(item).getByRole('link', { name: 'Gaming' })).toHaveAttribute(
      'href',
      row.playlist.href,
    );
    expect(item.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
    );
  });

  it('has no New badge for older songs', () => {
    renderWithTheme(<SongRow {...row} isNew={false} />);

    expect(screen.queryByText('New')).toBeNull();
  });

  it('shows the length beside the date when it is known', () => {
    renderWithTheme(<SongRow {...row} duration={245} />);

    expect(screen.getByLabelText('4 minutes 5 seconds')).toHaveTextContent('4:05');
  });
});
