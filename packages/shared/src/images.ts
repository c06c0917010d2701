import { z } from 'zod';
import { text } from './text';

export * from './image-values';

/** POST /api/images answers like the image host the spec used: `{ data: { display_url } }`. */
export const uploadAnswerSchema = z.object({
  data: z.object({
    display_url: z
      .string()
      .describe('Where the image is served, e.g. /api/images/<sha256>-1600w.webp (largest size)'),
  }),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/**
 * A picture reference in a request body (petImage, petPicture): the display_url answered by
 * POST /api/images. The server checks that it names an image it hosts.
 */
export const imageUrlSchema = (requiredMessage = 'Please upload a pet image!') =>
  text({ error: requiredMessage }).trim().min(1, requiredMessage).max(2048);
