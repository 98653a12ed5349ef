import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Button, ButtonLink } from './Button.tsx';

describe('Button', () => {
  it('runs its action when clicked', async () => {
    const onClick = vi.fn();
    renderWithTheme(<Button onClick={onClick}>Random song</Button>);

    await userEvent.click(screen.getByRole('button', { name: 'Random song' }));

    expect(onClick).toHaveBeenCalledOnce();
  });

  it('does not submit the form it sits in unless asked to', () => {
    renderWithTheme(
      <form>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </form>,
    );

    expect(screen.getByRole('button', { name: 'Plain' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it('ignores clicks while disabled', async () => {
    const onClick = vi.fn();
    renderWithTheme(
      <Button onClick={onClick} disabled>
        Random song
      </Button>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Random song' }));

    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('is a link to its destination', () => {
    renderWithTheme(<ButtonLink href="/playlists">More music</ButtonLink>);

    expect(screen.getByRole('link', { name: 'More music' })).toHaveAttribute('href', '/playlists');
  });
});
