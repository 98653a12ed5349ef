import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { Accordion } from './Accordion.tsx';

const items = [
  { id: 'what', title: 'What is it?', content: 'A remix style.' },
  { id: 'who', title: 'Who makes it?', content: 'Fans and creators.' },
];

describe('Accordion', () => {
  it('starts with every answer closed', () => {
    renderWithTheme(<Accordion items={items} />);

    expect(screen.getByRole('button', { name: 'What is it?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByText('A remix style.')).not.toBeVisible();
  });

  it('keeps one item open at a time, and closes it on a second click', async () => {
    renderWithTheme(<Accordion items={items} />);

    await userEvent.click(screen.getByRole('button', { name: 'What is it?' }));
    expect(screen.getByRole('region', { name: 'What is it?' })).toHaveTextContent('A remix style.');

    await userEvent.click(screen.getByRole('button', { name: 'Who makes it?' }));
    expect(screen.getByText('Fans and creators.')).toBeVisible();
    expect(screen.getByText('A remix style.')).not.toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Who makes it?' }));
    expect(screen.getByText('Fans and creators.')).not.toBeVisible();
  });

  it('shares one open item between accordions given the same state', async () => {
    function TwoSections() {
      const [openId, setOpenId] = useState<string | null>(null);
      return (
        <>
          <Accordion items={items.slice(0, 1)} openId={openId} onOpenChange={setOpenId} />
          <Accordion items={items.slice(1)} openId={openId} onOpenChange={setOpenId} />
        </>
      );
    }
    renderWithTheme(<TwoSections />);

    await userEvent.click(screen.getByRole('button', { name: 'What is it?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Who makes it?' }));
    expect(screen.getByText('A remix style.')).not.toBeVisible();
    expect(screen.getByText('Fans and creators.')).toBeVisible();
  });
});
