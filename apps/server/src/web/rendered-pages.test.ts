import { describe, expect, it } from 'vitest';
import { RenderedPages } from './rendered-pages';

/** A render that counts its calls and answers `html`. */
function counting(html: string) {
  const render = async () => {
    render.calls += 1;
    return html;
  };
  render.calls = 0;
  return render;
}

describe('RenderedPages', () => {
  it('renders a key once and answers it kept afterwards', async () => {
    const pages = new RenderedPages(1024);
    const render = counting('<p>a</p>');
    expect(await pages.get('a', render)).toEqual({ html: '<p>a</p>', rendered: true });
    expect(await pages.get('a', render)).toEqual({ html: '<p>a</p>', rendered: false });
    expect(render.calls).toBe(1);
    expect(pages.bytes).toBe('<p>a</p>'.length * 2);
  });

  it('renders once for requests that come while the page is being drawn', async () => {
    const pages = new RenderedPages(1024);
    let finish!: (html: string) => void;
    let calls = 0;
    const render = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = pages.get('a', render);
    const second = pages.get('a', render);
    finish('<p>a</p>');
    expect((await first).html).toBe('<p>a</p>');
    expect((await second).html).toBe('<p>a</p>');
    expect(calls).toBe(1);
  });

  it('keeps nothing of a render that failed: the next request renders again', async () => {
    const pages = new RenderedPages(1024);
    await expect(pages.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const render = counting('<p>a</p>');
    expect(await pages.get('a', render)).toEqual({ html: '<p>a</p>', rendered: true });
    expect(pages.bytes).toBe(16);
  });

  it('lets the least recently used pages go past its size', async () => {
    // room for two pages of 10 characters (20 bytes each)
    const pages = new RenderedPages(40);
    const a = counting('a'.repeat(10));
    const b = counting('b'.repeat(10));
    const c = counting('c'.repeat(10));
    await pages.get('a', a);
    await pages.get('b', b);
    await pages.get('a', a); // a is now the most recently used
    await pages.get('c', c); // b goes
    expect(pages.bytes).toBe(40);
    expect((await pages.get('a', a)).rendered).toBe(false);
    expect((await pages.get('c', c)).rendered).toBe(false);
    expect((await pages.get('b', b)).rendered).toBe(true);
    expect([a.calls, b.calls, c.calls]).toEqual([1, 2, 1]);
  });

  it('with no room renders every request', async () => {
    const pages = new RenderedPages(0);
    const render = counting('<p>a</p>');
    await pages.get('a', render);
    expect((await pages.get('a', render)).rendered).toBe(true);
    expect(render.calls).toBe(2);
    expect(pages.bytes).toBe(0);
  });
});
