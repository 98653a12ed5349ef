import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { CardGridSkeleton, RowListSkeleton } from './Skeleton.tsx';

describe('skeletons', () => {
  it('shows as many card placeholders as asked, announced as one busy status', () => {
    renderWithTheme(<CardGridSkeleton count={5} label="Loading playlists" />);

    const status = screen.getByRole('status', { name: 'Loading playlists' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    // The placeholders themselves are hidden from assistive technology: only the label is read.
    expect(within(status).queryAllByRole('listitem')).toHaveLength(0);
    expect(status.children).toHaveLength(5);
  });

  it('shapes rows like song rows, with a thumbnail and lines of text', () => {
    renderWithTheme(<RowListSkeleton count={3} label="Searching" />);

    const status = screen.getByRole('status', { name: 'Searching' });
    expect(status.children).toHaveLength(3);
    // Thumbnail and three lines in full rows; the compact ones drop the badge line.
    expect(status.children[0]!.querySelectorAll('span')).toHaveLength(4);
  });

  it('leaves out the badge line in compact rows', () => {
    renderWithTheme(<RowListSkeleton count={2} compact />);

    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status.children[0]!.querySelectorAll('span')).toHaveLength(3);
  });
});
