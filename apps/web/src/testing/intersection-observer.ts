/**
 * An IntersectionObserver a test moves (jsdom has none): `reach()` brings every element an instance
 * observes into view. Stub it with `vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)`
 * and empty `instances` before each test.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  private readonly elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements.length = 0;
  }
  reach() {
    const entries = this.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}
