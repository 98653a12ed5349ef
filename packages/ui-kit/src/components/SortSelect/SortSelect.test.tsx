import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { SortSelect } from './SortSelect.tsx';

const options = [
  { value: 'popular', label: 'Popular' },
  { value: 'az', label: 'A-Z' },
  { value: 'za', label: 'Z-A' },
] as const;

describe('SortSelect', () => {
  it('is a select named by its label showing the current order', () => {
    renderWithTheme(
      <SortSelect label="Sort by" value="az" options={options} onChange={() => {}} />,
    );

    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveDisplayValue('A-Z');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Popular',
      'A-Z',
      'Z-A',
    ]);
  });

  it('reports the value of the chosen option', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <SortSelect label="Sort by" value="popular" options={options} onChange={onChange} />,
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Z-A');

    expect(onChange).toHaveBeenCalledWith('za');
  });
});
