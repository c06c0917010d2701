import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { SAVED_SEARCH_NAME_MAX, savedSearchBodySchema } from '@pet-haven/shared/saved-searches';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal, ModalClose } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useSaveSearch } from '../api/save-search';
import { describeFilters } from './describe-filters';

const formSchema = savedSearchBodySchema.pick({ name: true }).extend({ alerts: z.boolean() });
type SaveSearchForm = z.input<typeof formSchema>;

interface SaveSearchDialogProps {
  /** The filters the list applies ("category=cat&near=..."), saved as they are. */
  query: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const SEARCH_SAVED_TEXT = 'Search saved. Find it on your profile.';

/** Names the search (offered: its filters in words) and whether new matches are mailed. */
export function SaveSearchDialog({ query, open, onOpenChange }: SaveSearchDialogProps) {
  const described = describeFilters(query);
  const mutation = useSaveSearch();
  const form = useForm<SaveSearchForm, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: described.slice(0, SAVED_SEARCH_NAME_MAX), alerts: true },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ ...values, query });
      toast.success(SEARCH_SAVED_TEXT);
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, 'The search could not be saved. Please try again.'));
      setServerFieldErrors(err, ['name'], form.setError);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Save this search"
      description={`Pets: ${described}.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Name" required error={errors.name?.message}>
          <Input maxLength={SAVED_SEARCH_NAME_MAX} {...form.register('name')} />
        </FormField>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            {...form.register('alerts')}
          />
          <span>E-mail me when new pets match (at most once a day)</span>
        </label>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary">Cancel</Button>
          </ModalClose>
          <Button type="submit" loading={isSubmitting}>
            Save search
          </Button>
        </div>
      </form>
    </Modal>
  );
}
