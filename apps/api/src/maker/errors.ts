/**
 * A refusal the person can act on. Its status is the answer's code and its message is shown as
 * is (the envelope handler sends the message of any error below 500).
 */
export class MakerError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'MakerError';
  }
}
