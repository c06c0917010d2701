/**
 * The HTML of pages rendered on the server, kept in this process by what it was rendered from
 * (decision 026). A key names a URL, the page's data and the minute, so what is kept is never
 * stale: a page whose data changed has another key and is rendered again, in whichever process
 * serves it. Nothing to invalidate, nothing shared between processes.
 *
 * The least recently used pages go first once the kept HTML passes `maxBytes` (0 keeps nothing:
 * every call renders). A page asked for again while it is being rendered waits for that render
 * instead of starting another.
 */
export class RenderedPages {
  readonly #entries = new Map<string, { html: Promise<string>; bytes: number }>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The HTML kept under `key`, or the one `render` makes (kept unless it fails), with whether it
   * was rendered for this call.
   */
  async get(
    key: string,
    render: () => Promise<string>,
  ): Promise<{ html: string; rendered: boolean }> {
    if (this.maxBytes === 0) return { html: await render(), rendered: true };
    const found = this.#entries.get(key);
    if (found) {
      // the most recently used last: eviction takes from the front
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return { html: await found.html, rendered: false };
    }
    const entry = { html: render(), bytes: 0 };
    this.#entries.set(key, entry);
    try {
      const html = await entry.html;
      if (this.#entries.get(key) === entry) {
        // V8 keeps a string in one or two bytes a character: count two
        entry.bytes = html.length * 2;
        this.#bytes += entry.bytes;
        this.#evict();
      }
      return { html, rendered: true };
    } catch (err) {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
      throw err;
    }
  }

  /** How many bytes of HTML are kept now (for tests and the benchmark). */
  get bytes() {
    return this.#bytes;
  }

  #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}
