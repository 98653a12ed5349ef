import type { Testimonial } from '@fansite/contract';
import { Avatar, channelUrl } from '@fansite/ui-kit';
import styled from 'styled-components';

const Card = styled.a`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  height: 100%;
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colours.accent};
  }
`;

const Author = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};

  small {
    display: block;
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

const Quote = styled.q`
  font-style: italic;
`;

/** A member's testimonial; the whole card opens the member's channel. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card href={channelUrl(testimonial.channel_id)} target="_blank" rel="noopener noreferrer">
      <Author>
        <Avatar
          src={testimonial.channel_pic}
          name={testimonial.channel_name}
          size="48px"
          decorative
        />
        <span>
          <strong>{testimonial.channel_name}</strong>
          <small>{testimonial.sub_tag}</small>
        </span>
      </Author>
      <Quote>{testimonial.testimonial}</Quote>
    </Card>
  );
}
