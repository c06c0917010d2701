/**
 * jsdom lays nothing out (every page is 0 px tall, so always "near the bottom"). This gives the
 * document a height and the window a size, `scrollTo(y)` scrolls (firing `scroll`), and `restore()`
 * gives jsdom its own values back.
 */
export function layOutPage({ height, windowHeight }: { height: number; windowHeight: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: height,
  });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: windowHeight });
  return {
    scrollTo(y: number) {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    },
    restore() {
      delete (document.documentElement as unknown as Record<string, unknown>).scrollHeight;
      delete (window as unknown as Record<string, unknown>).innerHeight;
      delete (window as unknown as Record<string, unknown>).scrollY;
    },
  };
}
