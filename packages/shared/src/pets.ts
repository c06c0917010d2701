import { z } from 'zod';

/** Spec section 9: pet categories. */
export const petCategories = ['dog', 'cat', 'bird', 'reptile', 'other'] as const;
export const petCategorySchema = z.enum(petCategories);
export type PetCategory = z.infer<typeof petCategorySchema>;

export const adoptionStatuses = ['pending', 'accepted', 'rejected'] as const;
export const adoptionStatusSchema = z.enum(adoptionStatuses);
export type AdoptionStatus = z.infer<typeof adoptionStatusSchema>;
