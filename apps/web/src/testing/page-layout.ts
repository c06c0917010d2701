/**
 * jsdom lays nothing out (every page is 0 px tall, so always "near the bottom"). This gives the
 * document a height and the window a size, `scrollTo(y)` scrolls (firing `scroll`), and `restore()`
 * gives jsdom its own values back.
 */
export function layOutPage({ height, windowHeight }: { height: number; windowHeight: number }) {
  // jsdom's own window sizes are properties of the window itself: keep them to give them back
  const own = (name: 'innerHeight' | 'scrollY') => Object.getOwnPropertyDescriptor(window, name);
  const jsdomWindow = { innerHeight: own('innerHeight'), scrollY: own('scrollY') };
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
      for (const [name, descriptor] of Object.entries(jsdomWindow)) {
        if (descriptor) Object.defineProperty(window, name, descriptor);
        else delete (window as unknown as Record<string, unknown>)[name];
      }
    },
  };
}
