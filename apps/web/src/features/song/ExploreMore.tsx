import { ExploreGrid } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';

/** docs/product.md, screens: songs to go on to; the section is left out while it loads or if it fails. */
export function ExploreMore() {
  const { queries } = useAppContext();
  const { data: items = [] } = useQuery(queries.playlist.explore({}));
  if (items.length === 0) return null;
  return (
    <ExploreGrid
      title="Explore more"
      items={items.map((item) => ({
        title: item.title,
        subtitle: item.category_name,
        youtubeId: item.youtube_url,
        href: paths.song(item.youtube_url, item.id),
      }))}
    />
  );
}
