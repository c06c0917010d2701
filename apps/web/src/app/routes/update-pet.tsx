import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { EditPet } from '@/features/pets/components/edit-pet';
import { useEditor } from '@/app/use-editor';

export function Component() {
  const { id = '' } = useParams();
  const editor = useEditor();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Update Pet" />
      {editor ? <EditPet id={id} viewer={editor} /> : <Spinner label="Loading" />}
    </section>
  );
}
