import type { ReactNode } from 'react';
import { Link } from 'react-router';
import heroArt from '@/assets/hero-pets.svg';
import { buttonClasses } from '@/components/ui/button';
import { PawIcon } from '@/components/layouts/brand-logo';

/**
 * The landing page's sections (spec section 1). Art is local SVG. The hero animates 1 to 1.5 s
 * with delays of 1 s and 2 s, only when the user does not prefer reduced motion (motion-safe:).
 */

export function Hero({ getStartedTo }: { getStartedTo: string }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 text-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24">
        <div className="space-y-6 text-center md:text-left">
          <h1
            id="hero-title"
            className="text-4xl leading-tight font-extrabold tracking-tight motion-safe:animate-hero-title sm:text-5xl lg:text-6xl"
          >
            Welcome to <span className="text-accent-300">Pet Haven</span>
          </h1>
          <p className="text-lg text-brand-100 motion-safe:animate-hero-subline sm:text-xl">
            Find your perfect companion and give a loving home to a pet in need.
          </p>
          <div className="motion-safe:animate-hero-cta">
            <Link to={getStartedTo} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
              Get Started
            </Link>
          </div>
        </div>
        <img
          src={heroArt}
          alt="A happy dog and cat sitting together"
          width={480}
          height={400}
          className="mx-auto w-full max-w-md motion-safe:animate-hero-art"
        />
      </div>
    </section>
  );
}

function SectionTitle({
  id,
  children,
  eyebrow,
}: {
  id: string;
  children: ReactNode;
  eyebrow?: string;
}) {
  return (
    <div className="mb-10 text-center">
      {eyebrow && (
        <p className="mb-2 text-sm font-semibold tracking-widest text-accent-700 uppercase dark:text-accent-400">
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {children}
      </h2>
    </div>
  );
}

export function About() {
  return (
    <section
      aria-labelledby="about-title"
      className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6"
    >
      <SectionTitle id="about-title" eyebrow="About us">
        A home for every pet
      </SectionTitle>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        Pet Haven is a platform that connects caring individuals with pets in need of adoption.
        Browse pets looking for a family, list a pet that needs a new home, and support donation
        campaigns that pay for food, treatment and shelter.
      </p>
    </section>
  );
}

const dogCare = [
  {
    title: 'Daily Walking',
    text: 'Regular walks keep dogs healthy and happy, and help them settle into their new home.',
    icon: (
      <path d="M13 4a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM8 22l2-7 2 2v5M10 15l1-5 3 2 3 1M11 10l-3 2-1 3" />
    ),
  },
  {
    title: 'Easy Process',
    text: 'Find a pet, send an adoption request and hear back from the owner: no paperwork maze.',
    icon: <path d="M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" />,
  },
  {
    title: 'Saving Your Time',
    text: 'Search by name and category to find the right companion in minutes.',
    icon: <path d="M12 7v5l3 3M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />,
  },
];

export function DogCare() {
  return (
    <section aria-labelledby="care-title" className="bg-brand-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionTitle id="care-title" eyebrow="Dog care">
          Caring for your new best friend
        </SectionTitle>
        <ul className="grid gap-6 md:grid-cols-3">
          {dogCare.map((item) => (
            <li
              key={item.title}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 dark:bg-slate-800 dark:ring-slate-700"
            >
              <span className="mb-4 grid size-12 place-items-center rounded-xl bg-accent-300 text-brand-800">
                <svg
                  viewBox="0 0 24 24"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  {item.icon}
                </svg>
              </span>
              <h3 className="text-xl font-semibold">{item.title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function CallToAction({ to }: { to: string }) {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-gradient-to-r from-accent-400 to-accent-500 px-6 py-12 text-center text-slate-900 shadow-lg md:flex-row md:text-left">
        <PawIcon className="size-16 shrink-0 text-brand-700" />
        <div className="flex-1">
          <h2 id="cta-title" className="text-3xl font-extrabold">
            Adopt a Pet, Change a Life
          </h2>
          <p className="mt-2 text-slate-800">
            Every adoption gives a pet a second chance and makes room to rescue another.
          </p>
        </div>
        <Link to={to} className={buttonClasses({ size: 'lg', className: 'shrink-0' })}>
          Meet the pets
        </Link>
      </div>
    </section>
  );
}

export function MakeADifference({ volunteerTo }: { volunteerTo: string }) {
  const actions = [
    {
      title: 'Adopt',
      text: 'Browse pets waiting for a family and send an adoption request.',
      label: 'Find Your Companion',
      to: '/petlist',
    },
    {
      title: 'Donate',
      text: 'Fund food, vet care and shelter through our donation campaigns.',
      label: 'Donate Now',
      to: '/donation',
    },
    {
      title: 'Volunteer',
      text: 'List pets that need homes and help handle adoption requests.',
      label: 'Become a Volunteer',
      to: volunteerTo,
    },
  ];
  return (
    <section aria-labelledby="help-title" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionTitle id="help-title">Help Us Make a Difference</SectionTitle>
        <ul className="grid gap-6 md:grid-cols-3">
          {actions.map((a) => (
            <li
              key={a.label}
              className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-800"
            >
              <h3 className="text-xl font-semibold">{a.title}</h3>
              <p className="flex-1 text-slate-600 dark:text-slate-300">{a.text}</p>
              <Link to={a.to} className={buttonClasses({ variant: 'primary' })}>
                {a.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const testimonials = [
  'Pet Haven made adopting our dog Max so simple. He fits right in, and the kids adore him!',
  'I found the sweetest cat here. The whole process was clear and friendly from start to finish.',
  'Thanks to Pet Haven our family grew by one very happy rabbit. We could not be more grateful.',
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionTitle id="testimonials-title" eyebrow="Testimonials">
        What our adopters say
      </SectionTitle>
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((quote) => (
          <li key={quote}>
            <figure className="h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
              <svg
                viewBox="0 0 24 24"
                className="mb-3 size-8 text-accent-400"
                aria-hidden="true"
                fill="currentColor"
              >
                <path d="M7 7h4v4c0 3-1.5 5-4 6l-1-1.5c1.5-1 2-2 2-3.5H7V7zm8 0h4v4c0 3-1.5 5-4 6l-1-1.5c1.5-1 2-2 2-3.5h-1V7z" />
              </svg>
              <blockquote className="text-slate-700 dark:text-slate-200">“{quote}”</blockquote>
              <figcaption className="mt-4 font-semibold text-brand-700 dark:text-accent-300">
                Happy Adopter
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
