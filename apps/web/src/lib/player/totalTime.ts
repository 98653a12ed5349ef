/** The length of a whole list, as a banner writes it: "42 min", "1 h 5 min". */
export function formatTotalTime(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "1 song", "13 songs". */
export const songCount = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;
