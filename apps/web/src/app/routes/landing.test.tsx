import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

describe('landing page', () => {
  it('has every item of spec section 1', async () => {
    const r = renderRoute('/');
    expect(await r.findByRole('heading', { level: 1, name: 'Welcome to Pet Haven' })).toBeVisible();
    expect(
      r.getByText('Find your perfect companion and give a loving home to a pet in need.'),
    ).toBeInTheDocument();
    expect(r.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/petlist');
    expect(
      r.getByText(/connects caring individuals with pets in need of adoption/),
    ).toBeInTheDocument();
    for (const item of ['Daily Walking', 'Easy Process', 'Saving Your Time']) {
      expect(r.getByRole('heading', { name: item })).toBeInTheDocument();
    }
    expect(r.getByRole('heading', { name: 'Adopt a Pet, Change a Life' })).toBeInTheDocument();
    expect(r.getByRole('heading', { name: 'Help Us Make a Difference' })).toBeInTheDocument();
    expect(r.getByRole('link', { name: 'Find Your Companion' })).toHaveAttribute(
      'href',
      '/petlist',
    );
    expect(r.getByRole('link', { name: 'Donate Now' })).toHaveAttribute('href', '/donation');
    expect(r.getByRole('link', { name: 'Become a Volunteer' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(r.getAllByText('Happy Adopter')).toHaveLength(3);
  });

  it('animates the hero only for users who do not prefer reduced motion', async () => {
    const r = renderRoute('/');
    const title = await r.findByRole('heading', { level: 1, name: 'Welcome to Pet Haven' });
    // Tailwind's motion-safe: variant wraps these in @media (prefers-reduced-motion: no-preference)
    expect(title.className).toContain('motion-safe:animate-hero-title');
    expect(r.getByRole('link', { name: 'Get Started' }).parentElement?.className).toContain(
      'motion-safe:animate-hero-cta',
    );
    expect(title.className).not.toMatch(/(^|\s)animate-/);
  });

  it('uses durations of 1 to 1.5 s and delays of 1 s and 2 s (spec section 1)', () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../styles.css'), 'utf8');
    const timings = [
      ...css.matchAll(/--animate-hero-[\w-]+:\s*[\w-]+\s+([\d.]+)s\s+[\w-]+(?:\s+([\d.]+)s)?/g),
    ];
    expect(timings.length).toBeGreaterThanOrEqual(3);
    const durations = timings.map((m) => Number(m[1]));
    const delays = timings.map((m) => Number(m[2] ?? 0)).filter((d) => d > 0);
    for (const d of durations) {
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(1.5);
    }
    expect(new Set(delays)).toEqual(new Set([1, 2]));
  });

  it('sends signed-in volunteers to the dashboard', async () => {
    const r = renderRoute('/', { handlers: signedIn() });
    expect(await r.findByRole('link', { name: 'Become a Volunteer' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
