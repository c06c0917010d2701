import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';
import { FavouriteButton } from '@/features/favourites/components/favourite-button';
import { PetDetails } from '@/features/pets/components/pet-details';

export function Component() {
  const { id = '' } = useParams();
  const { user, status } = useAuth();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PetDetails
        id={id}
        viewer={user ? { name: user.name, email: user.email } : null}
        sessionKnown={status !== 'loading'}
        action={(pet) => (
          <FavouriteButton
            petId={pet._id}
            petName={pet.petName}
            signedIn={status === 'loading' ? null : user !== null}
          />
        )}
        verifyFirst={
          user && !user.emailVerified ? <VerifyEmailNotice action="ask to adopt a pet" /> : null
        }
      />
    </section>
  );
}
