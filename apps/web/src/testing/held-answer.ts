/**
 * An answer the test holds back, to see the screen while it waits (a skeleton, "Loading..."):
 *
 *   const held = heldAnswer();
 *   renderRoute('/petlist', { handlers: [answer('GET /api/pets', held.answer(() => page(pets)))] });
 *   expect(await screen.findByText('Loading pets')).toBeInTheDocument();
 *   held.release();
 */
export function heldAnswer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    /** Lets every answer it holds go. */
    release,
    /** A resolver for `answer(route, ...)` that answers `value()` once released. */
    answer:
      <T>(value: () => T) =>
      async () => {
        await released;
        return value();
      },
  };
}
