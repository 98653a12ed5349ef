import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { TextField } from './TextField.tsx';

describe('TextField', () => {
  it('labels its input and reports what is typed', async () => {
    const onChange = vi.fn();
    renderWithTheme(<TextField label="Email" type="email" onChange={onChange} />);

    await userEvent.type(screen.getByLabelText('Email'), 'a');

    expect(onChange).toHaveBeenLastCalledWith('a');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('marks the field invalid and reads its error with it', () => {
    renderWithTheme(<TextField label="Email" error="Enter a valid email address." />);

    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email address.');
  });

  it('is a text area when multiline', () => {
    renderWithTheme(<TextField label="Message" multiline rows={4} error="Too short" />);

    const area = screen.getByLabelText('Message');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAccessibleDescription('Too short');
  });
});
