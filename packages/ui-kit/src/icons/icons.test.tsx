import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as icons from './icons.tsx';

describe('icons', () => {
  it.each(Object.entries(icons))('%s is hidden from assistive technology', (_name, Icon) => {
    const { container } = render(<Icon />);

    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
  });

  it('takes a size from its props', () => {
    const { container } = render(<icons.SearchIcon width={16} height={16} />);

    expect(container.querySelector('svg')).toHaveAttribute('width', '16');
  });
});
