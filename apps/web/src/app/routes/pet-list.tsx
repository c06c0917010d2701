import { PageHeader } from '@/components/ui/page-header';
import { PetList } from '@/features/pets/components/pet-list';

export function Component() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="Pets looking for a home"
        description="Search by name or pick a category, then open a pet to learn more."
      />
      <PetList />
    </section>
  );
}
