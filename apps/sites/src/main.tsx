import { afterFirstPaint, keepEarlyInput } from '@fansite/ui-kit';

// The page the server sent is painted before the app's code is fetched and run; what the visitor
// does meanwhile is handed to the app once it has taken the page over (ARCHITECTURE.md, pages
// rendered on the server).
const early = keepEarlyInput();
afterFirstPaint(() => {
  void import('./start.tsx').then(({ takenOver }) => takenOver).then(early.handOver);
});
