/** Room a column starts with; it doubles when full. */
const FIRST_CAPACITY = 1_024;

/** A column of 32-bit integers that grows as values are added (rows read page by page). */
export class Int32Column {
  private values = new Int32Array(FIRST_CAPACITY);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  at(index: number): number {
    return this.values[index]!;
  }

  /** The values as one array of their own size. */
  toArray(): Int32Array {
    return this.values.slice(0, this.length);
  }
}
