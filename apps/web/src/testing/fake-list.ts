import type { PagingQuery } from '@pet-haven/shared/pagination';
import { pageFrom } from './api-handlers';

/**
 * A list the fake API keeps between requests, like the server's table: the handlers of one test
 * answer its pages and change it, so the screen's reload after a change shows the change.
 *
 *   const pets = fakeList([rex, tom]);
 *   answer('GET /api/all-pets', ({ paging }) => pets.page(paging)),
 *   answer('DELETE /api/pets/:id', ({ params }) => pets.remove(params.id)),
 */
export function fakeList<T extends { _id: string }>(initial: T[]) {
  let items = [...initial];
  return {
    /** The page a request asks for, with the total. */
    page: (paging: PagingQuery) => pageFrom(items, paging),
    /** Removes one item and answers as the API's delete routes do. */
    remove(id: string) {
      items = items.filter((item) => item._id !== id);
      return { deletedCount: 1 };
    },
    /** Changes one item's fields and answers it as changed. */
    change(id: string, fields: Partial<T>): T {
      items = items.map((item) => (item._id === id ? { ...item, ...fields } : item));
      const changed = items.find((item) => item._id === id);
      if (!changed) throw new Error(`fakeList: no item ${id}`);
      return changed;
    },
  };
}
