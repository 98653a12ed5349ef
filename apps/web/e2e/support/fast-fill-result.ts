/** The annotation a fast-fill test leaves with its counts, read by the fast-fill report. */
export const FAST_FILL_ANNOTATION = 'fast-fill';

/**
 * One form's tries on one profile: the tries that lost what was filled, and those that did not
 * complete without losing it (the input arrived and was refused as busy or answered late, or the
 * browser failed to open the page), each with its failure.
 */
export interface FastFillResult {
  form: string;
  profile: 'desktop' | 'phone';
  tries: number;
  lost: string[];
  unfinished: string[];
}
