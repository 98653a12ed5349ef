import { act } from '@testing-library/react';

/**
 * jsdom has no IntersectionObserver: this one never reports by itself; `scrollIntoView` reports
 * the observed elements as visible, as a browser does once the page scrolls to them.
 */
export class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  private readonly targets = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.instances.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports every observed element as intersecting the viewport. */
  static scrollIntoView() {
    act(() => {
      for (const observer of [...FakeIntersectionObserver.instances]) {
        const entries = [...observer.targets].map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
  }
}
