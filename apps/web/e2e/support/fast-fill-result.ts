/** The annotation a fast-fill test leaves with its counts, read by the fast-fill report. */
export const FAST_FILL_ANNOTATION = 'fast-fill';

/**
 * One form's tries on one profile: the tries that lost what was filled, and those whose input
 * arrived but that did not complete (refused as busy, answered late), each with its failure.
 */
export interface FastFillResult {
  form: string;
  profile: 'desktop' | 'phone';
  tries: number;
  lost: string[];
  unfinished: string[];
}
