import { z } from 'zod';
import { text } from './text';

/** Entity ids are UUIDs, except users whose ids come from the auth library. */
export const uuidSchema = z.uuid({ message: 'Must be a valid id' });
export const idParamSchema = z.object({ id: uuidSchema });
export const userIdSchema = text().min(1).max(64);
