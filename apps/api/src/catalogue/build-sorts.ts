import type { BuildSlice } from './build-slice.ts';

// The sorts of a serving copy's build, each yielding to the event loop whenever the slice is
// spent: one built-in sort of 100,000 titles holds the loop for about 100 ms, so items are sorted
// in runs, then merged in steps.

/** Items a sort or merge handles between two looks at the clock. */
export const SORT_STEP = 1_024;

/** Each item's text as a rank among the distinct texts (`distinct` of them), in code-unit order. */
export interface TextRanks {
  ranks: Int32Array;
  distinct: number;
}

/**
 * The ranks of `count` texts in code-unit order, equal texts sharing one: each distinct text is
 * compared in one sort, where sorting the items compared an item's texts some twenty times through
 * a function (docs/catalogue-engine.md has the figures).
 */
export async function textRanks(
  count: number,
  textOf: (item: number) => string,
  slice: BuildSlice,
): Promise<TextRanks> {
  const keys = await digitKeys(count, textOf, slice);
  if (keys) return numberRanks(keys, slice);
  const numberOfText = new Map<string, number>();
  const texts: string[] = [];
  const ranks = new Int32Array(count);
  for (let item = 0; item < count; item++) {
    const text = textOf(item);
    let number = numberOfText.get(text);
    if (number === undefined) {
      number = texts.length;
      numberOfText.set(text, number);
      texts.push(text);
    }
    ranks[item] = number;
    if ((item & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  const rankOfNumber = new Int32Array(texts.length);
  const sortedTexts = await sortedStrings(texts.slice(), slice);
  for (let rank = 0; rank < sortedTexts.length; rank++) {
    rankOfNumber[numberOfText.get(sortedTexts[rank]!)!] = rank;
    if ((rank & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  numberOfText.clear();
  for (let item = 0; item < count; item++) {
    ranks[item] = rankOfNumber[ranks[item]!]!;
    if ((item & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  return { ranks, distinct: texts.length };
}

/**
 * Each text as the number its digits spell, when every text has the same length and the same
 * characters outside its digits, at most 15 digits (exact in a double): then the numbers' order
 * is the texts' code-unit order (the stored dates, `YYYY-MM-DDTHH:MM:SSZ`). Null otherwise.
 */
async function digitKeys(
  count: number,
  textOf: (item: number) => string,
  slice: BuildSlice,
): Promise<Float64Array | null> {
  if (count === 0) return null;
  const shape = textOf(0);
  const isDigit = (code: number) => code >= 48 && code <= 57;
  let digits = 0;
  for (let index = 0; index < shape.length; index++) {
    if (isDigit(shape.charCodeAt(index))) digits++;
  }
  if (digits === 0 || digits > 15) return null;
  const keys = new Float64Array(count);
  for (let item = 0; item < count; item++) {
    const text = textOf(item);
    if (text.length !== shape.length) return null;
    let key = 0;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (isDigit(shape.charCodeAt(index))) {
        if (!isDigit(code)) return null;
        key = key * 10 + (code - 48);
      } else if (code !== shape.charCodeAt(index)) {
        return null;
      }
    }
    keys[item] = key;
    if ((item & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  return keys;
}

/**
 * The ranks of numbers, equal ones sharing one: sorted by the typed array's own sort, no function
 * called per pair (a million dates ranked without a map of their texts), each number's rank then
 * found by a binary search among the distinct ones.
 */
async function numberRanks(keys: Float64Array, slice: BuildSlice): Promise<TextRanks> {
  const sorted = await sortedNumbers(keys.slice(), slice);
  let distinct = 0;
  for (let index = 0; index < sorted.length; index++) {
    if (index === 0 || sorted[index] !== sorted[distinct - 1]) sorted[distinct++] = sorted[index]!;
    if ((index & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  const distinctKeys = sorted.subarray(0, distinct);
  const ranks = new Int32Array(keys.length);
  for (let item = 0; item < keys.length; item++) {
    ranks[item] = lowerBound(distinctKeys, keys[item]!);
    if ((item & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  return { ranks, distinct };
}

/** The first position of `sorted` holding `value` or more (its length when none does). */
export function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `texts` in code-unit order (the array is reused): runs ordered by the built-in sort without a
 * comparison function, then merged comparing the strings themselves.
 */
async function sortedStrings(texts: string[], slice: BuildSlice): Promise<string[]> {
  for (let start = 0; start < texts.length; start += TEXT_RUN) {
    const run = texts.slice(start, start + TEXT_RUN).sort();
    for (let index = 0; index < run.length; index++) texts[start + index] = run[index]!;
    if (slice.spent) await slice.next();
  }
  if (texts.length <= TEXT_RUN) return texts;
  return mergedRuns(
    texts,
    new Array<string>(texts.length),
    TEXT_RUN,
    (a: string, b: string) => a <= b,
    slice,
  );
}

/** Texts one built-in sort orders at once (under a millisecond, no comparison function run). */
const TEXT_RUN = 1_024;

/**
 * `order`'s items ordered by their ranks, items of equal rank keeping their order in `order`
 * (a counting sort: linear, no comparison).
 */
export async function orderedByRank(
  order: Int32Array,
  { ranks, distinct }: TextRanks,
  slice: BuildSlice,
): Promise<Int32Array> {
  const starts = new Int32Array(distinct + 1);
  for (let position = 0; position < order.length; position++) {
    starts[ranks[order[position]!]! + 1]!++;
    if ((position & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  for (let rank = 0; rank < distinct; rank++) starts[rank + 1]! += starts[rank]!;
  const ordered = new Int32Array(order.length);
  for (let position = 0; position < order.length; position++) {
    const item = order[position]!;
    ordered[starts[ranks[item]!]!++] = item;
    if ((position & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
  }
  return ordered;
}

/**
 * `values` in ascending order (the array is reused): a typed array's own numeric sort, no
 * comparator called per pair, in runs then merged. A playlist of a million songs sorted in one
 * call held the event loop for 80 ms.
 */
export async function sortedNumbers(
  values: Float64Array,
  slice: BuildSlice,
): Promise<Float64Array> {
  for (let start = 0; start < values.length; start += NUMBER_RUN) {
    values.subarray(start, Math.min(start + NUMBER_RUN, values.length)).sort();
    if (slice.spent) await slice.next();
  }
  if (values.length <= NUMBER_RUN) return values;
  return mergedRuns(
    values,
    new Float64Array(values.length),
    NUMBER_RUN,
    (a: number, b: number) => a <= b,
    slice,
  );
}

/** Numbers one built-in numeric sort orders at once (about a millisecond's work). */
const NUMBER_RUN = 16_384;

/**
 * `from`, whose runs of `run` items are each in order, merged pairwise into one order (`to` is
 * the other buffer the passes alternate with), with a look at the clock between steps. Ties take
 * the left run first: the merge keeps the order stable.
 */
async function mergedRuns<Item, Items extends { length: number; [index: number]: Item }>(
  from: Items,
  to: Items,
  run: number,
  inOrder: (a: Item, b: Item) => boolean,
  slice: BuildSlice,
): Promise<Items> {
  const length = from.length;
  for (let width = run; width < length; width *= 2) {
    for (let start = 0; start < length; start += 2 * width) {
      const middle = Math.min(start + width, length);
      const end = Math.min(start + 2 * width, length);
      let left = start;
      let right = middle;
      for (let out = start; out < end; out++) {
        to[out] =
          right >= end || (left < middle && inOrder(from[left]!, from[right]!))
            ? from[left++]!
            : from[right++]!;
        if ((out & (SORT_STEP - 1)) === 0 && slice.spent) await slice.next();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
