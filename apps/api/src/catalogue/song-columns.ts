import type { SongSummary } from '@fansite/contract';
import { songSummarySchema } from '@fansite/contract';
import type { SongRow } from '../repositories/catalogue-rows.ts';
import type { BuildSlice } from './build-slice.ts';
import { Int32Column } from './int32-column.ts';
import { PackedStrings } from './packed-strings.ts';

/** Strings many rows share, each kept once and named by its number. */
class StringTable {
  private readonly numbers = new Map<string, number>();
  private readonly strings: string[] = [];

  numberOf(text: string): number {
    let number = this.numbers.get(text);
    if (number === undefined) {
      number = this.strings.length;
      this.numbers.set(text, number);
      this.strings.push(text);
    }
    return number;
  }

  at(number: number): string {
    return this.strings[number]!;
  }
}

const NEW_LITERALS = ['false', 'true'] as const;

/**
 * A brand's songs as the serving copy is built from them, added page by page as the rows are
 * read and kept as columns: the fields many songs share (artist, home playlist and its name) as
 * numbers in one string table, the flags and durations in typed arrays, and the descriptions
 * packed outside the heap as they come. An array of row objects held for the whole build took
 * 740 MB at a million songs, more than twice the copy built from it; the descriptions alone were
 * most of it.
 */
export class SongColumns {
  private readonly ids: string[] = [];
  private readonly titles: string[] = [];
  private readonly dates: string[] = [];
  private readonly shared = new StringTable();
  private readonly authors = new Int32Column();
  private readonly categoryIds = new Int32Column();
  private readonly categoryNames = new Int32Column();
  private readonly news = new Int32Column();
  private readonly durations = new Int32Column();
  private readonly descriptions = PackedStrings.builder();

  /** Columns holding `rows` (tests, and callers that have rows already). */
  static of(rows: Iterable<SongRow>): SongColumns {
    const columns = new SongColumns();
    columns.add(rows);
    return columns;
  }

  /** Adds a page of rows; the rows are not kept. */
  add(rows: Iterable<SongRow>): void {
    for (const row of rows) {
      this.ids.push(row.youtube_url);
      this.titles.push(row.title);
      this.dates.push(row.date_added);
      this.authors.push(this.shared.numberOf(row.author_name));
      this.categoryIds.push(this.shared.numberOf(row.category_id));
      this.categoryNames.push(this.shared.numberOf(row.category_name));
      this.news.push(row.new === 'true' ? 1 : 0);
      this.durations.push(row.duration);
      this.descriptions.add(row.description);
    }
  }

  get length(): number {
    return this.ids.length;
  }

  title(row: number): string {
    return this.titles[row]!;
  }

  youtubeId(row: number): string {
    return this.ids[row]!;
  }

  date(row: number): string {
    return this.dates[row]!;
  }

  author(row: number): string {
    return this.shared.at(this.authors.at(row));
  }

  /**
   * Row i's summary, checked once here against the contract: the answers built from it need no
   * check. Every field in the literal, and the shared fields one string each.
   */
  summary(row: number): SongSummary {
    const summary: SongSummary = {
      youtube_url: this.ids[row]!,
      title: this.titles[row]!,
      author_name: this.shared.at(this.authors.at(row)),
      category_id: this.shared.at(this.categoryIds.at(row)),
      category_name: this.shared.at(this.categoryNames.at(row)),
      date_added: this.dates[row]!,
      new: NEW_LITERALS[this.news.at(row)]!,
      duration: this.durations.at(row),
    };
    songSummarySchema.parse(summary);
    return summary;
  }

  /** The descriptions, by row: packed once every row is in (the columns take no more rows). */
  packedDescriptions(slice: BuildSlice): Promise<PackedStrings> {
    return this.descriptions.finish(slice);
  }
}
