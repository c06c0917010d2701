import {
  About,
  CallToAction,
  DogCare,
  Hero,
  MakeADifference,
  Testimonials,
} from '@/components/landing/landing-sections';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** Home (spec section 1). 'Become a Volunteer' leads to sign-up, or to the dashboard once signed in. */
export function Component() {
  const { user } = useAuth();
  return (
    <>
      <Hero getStartedTo="/petlist" />
      <About />
      <DogCare />
      <CallToAction to="/petlist" />
      <MakeADifference volunteerTo={user ? '/dashboard' : '/register'} />
      <Testimonials />
    </>
  );
}
