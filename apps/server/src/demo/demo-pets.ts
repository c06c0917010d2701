import type { PetCategory } from '@pet-haven/shared/pets';
import type { DemoContext } from './demo-context';
import { petSvg, svgToPng, type Palette } from './demo-pictures';
import { addPet, setAdopted } from '../modules/pets/pets.service';
import { createRequest } from '../modules/adoption-requests/adoption-requests.service';

interface DemoPet {
  owner: 'alice' | 'bob';
  petName: string;
  petAge: string;
  petLocation: string;
  petCategory: PetCategory;
  shortDescription: string;
  longDescription: string;
  palette: Palette;
  adopted?: boolean;
}

/** Twelve pets, every category, from both demo users; listed oldest first (the last is newest). */
export const demoPets: DemoPet[] = [
  {
    owner: 'alice',
    petName: 'Buddy',
    petAge: '3 years',
    petLocation: 'Dhaka',
    petCategory: 'dog',
    shortDescription: 'A loyal golden retriever who loves long walks.',
    longDescription:
      'Buddy is a gentle, house-trained retriever. He is great with children, knows sit, stay and paw, and would love a home with a garden.',
    palette: { bg: '#fde68a', body: '#d97706', accent: '#92400e' },
    adopted: true,
  },
  {
    owner: 'bob',
    petName: 'Whiskers',
    petAge: '2 years',
    petLocation: 'Chattogram',
    petCategory: 'cat',
    shortDescription: 'A calm grey tabby who enjoys sunny windowsills.',
    longDescription:
      'Whiskers is vaccinated and neutered. She is quiet, affectionate in the evenings and gets along with other cats.',
    palette: { bg: '#c7d2fe', body: '#6b7280', accent: '#f9a8d4' },
  },
  {
    owner: 'alice',
    petName: 'Kiwi',
    petAge: '1 year',
    petLocation: 'Sylhet',
    petCategory: 'bird',
    shortDescription: 'A chatty green parakeet who whistles tunes.',
    longDescription:
      'Kiwi comes with his cage and toys. He learns words quickly and enjoys company during the day.',
    palette: { bg: '#bbf7d0', body: '#22c55e', accent: '#facc15' },
  },
  {
    owner: 'bob',
    petName: 'Shelly',
    petAge: '12 years',
    petLocation: 'Khulna',
    petCategory: 'reptile',
    shortDescription: 'A slow and steady tortoise with a big appetite for greens.',
    longDescription:
      'Shelly is healthy and easy to care for. She needs a warm enclosure and fresh vegetables every day.',
    palette: { bg: '#fef3c7', body: '#65a30d', accent: '#a16207' },
  },
  {
    owner: 'alice',
    petName: 'Clover',
    petAge: '8 months',
    petLocation: 'Rajshahi',
    petCategory: 'other',
    shortDescription: 'A fluffy lop-eared rabbit who loves carrots.',
    longDescription:
      'Clover is litter-trained and curious. He would do best in a calm home with room to hop around.',
    palette: { bg: '#fbcfe8', body: '#f5f5f4', accent: '#fda4af' },
  },
  {
    owner: 'bob',
    petName: 'Rocky',
    petAge: '5 years',
    petLocation: 'Dhaka',
    petCategory: 'dog',
    shortDescription: 'An energetic terrier who never says no to fetch.',
    longDescription:
      'Rocky needs an active family. He is friendly with people, a little bossy with other dogs, and fully vaccinated.',
    palette: { bg: '#bae6fd', body: '#78350f', accent: '#451a03' },
  },
  {
    owner: 'alice',
    petName: 'Luna',
    petAge: '4 years',
    petLocation: 'Barishal',
    petCategory: 'cat',
    shortDescription: 'A black cat with golden eyes and a soft purr.',
    longDescription:
      'Luna was rescued as a kitten. She is shy at first, then follows you from room to room.',
    palette: { bg: '#ddd6fe', body: '#27272a', accent: '#a78bfa' },
  },
  {
    owner: 'bob',
    petName: 'Sunny',
    petAge: '2 years',
    petLocation: 'Cumilla',
    petCategory: 'bird',
    shortDescription: 'A bright yellow canary with a beautiful song.',
    longDescription:
      'Sunny sings every morning. He is used to being handled and comes with a care guide.',
    palette: { bg: '#e0f2fe', body: '#fde047', accent: '#f97316' },
  },
  {
    owner: 'alice',
    petName: 'Spike',
    petAge: '6 years',
    petLocation: 'Mymensingh',
    petCategory: 'reptile',
    shortDescription: 'A friendly turtle who likes basking under his lamp.',
    longDescription:
      'Spike is used to people and eats pellets and leafy greens. His tank and lamp can come with him.',
    palette: { bg: '#ccfbf1', body: '#15803d', accent: '#4d7c0f' },
  },
  {
    owner: 'bob',
    petName: 'Nibbles',
    petAge: '1 year',
    petLocation: 'Rangpur',
    petCategory: 'other',
    shortDescription: 'A sweet little bunny looking for a quiet home.',
    longDescription:
      'Nibbles is gentle and loves being brushed. She is spayed and eats hay, pellets and fresh greens.',
    palette: { bg: '#fed7aa', body: '#a8a29e', accent: '#fecdd3' },
  },
  {
    owner: 'alice',
    petName: 'Daisy',
    petAge: '10 months',
    petLocation: 'Gazipur',
    petCategory: 'dog',
    shortDescription: 'A playful beagle puppy full of curiosity.',
    longDescription:
      'Daisy is learning her basic commands and is crate-trained. She loves other dogs and belly rubs.',
    palette: { bg: '#fecaca', body: '#f5f5f4', accent: '#b45309' },
  },
  {
    owner: 'bob',
    petName: 'Mittens',
    petAge: '6 months',
    petLocation: 'Narayanganj',
    petCategory: 'cat',
    shortDescription: 'A playful orange kitten with white paws.',
    longDescription:
      'Mittens is litter-trained, vaccinated and full of energy. He would love a playmate or a patient family.',
    palette: { bg: '#fef9c3', body: '#fb923c', accent: '#fff7ed' },
  },
];

/** Adds the demo pets with their pictures, one adopted pet and a pending adoption request. */
export async function seedDemoPets(ctx: DemoContext): Promise<void> {
  const ids: Record<string, string> = {};
  for (const p of demoPets) {
    const picture = await ctx.storePicture(await svgToPng(petSvg(p.petCategory, p.palette)));
    const owner = ctx.users[p.owner];
    const pet = await addPet(ctx.deps, owner, {
      petImage: picture,
      petName: p.petName,
      petAge: p.petAge,
      petLocation: p.petLocation,
      petCategory: p.petCategory,
      shortDescription: p.shortDescription,
      longDescription: p.longDescription,
    });
    ids[p.petName] = pet.id;
    if (p.adopted) await setAdopted(ctx.deps, owner, pet.id, { adopted: true });
  }
  // Something in Alice's "Adoption Requests" tab and in Bob's "My Adoption Requests".
  await createRequest(ctx.deps, ctx.users.bob, {
    petId: ids.Kiwi!,
    phone: '+880 1711-000002',
    address: '7 Lake Road, Sylhet',
  });
}
