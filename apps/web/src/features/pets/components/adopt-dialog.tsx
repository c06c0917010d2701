import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { adoptionRequestBodySchema, type Pet } from '@pet-haven/shared/pets';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useCreateAdoptionRequest } from '../api/create-adoption-request';
import type { Viewer } from './viewer';

const adoptFormSchema = adoptionRequestBodySchema.pick({ phone: true, address: true });
type AdoptForm = { phone: string; address: string };

interface AdoptDialogProps {
  pet: Pet;
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Adopt dialog: read-only name and e-mail, required phone and address, Cancel and Submit. */
export function AdoptDialog({ pet, viewer, open, onOpenChange }: AdoptDialogProps) {
  const mutation = useCreateAdoptionRequest();
  const form = useForm<AdoptForm>({
    resolver: zodResolver(adoptFormSchema),
    defaultValues: { phone: '', address: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ petId: pet._id, ...values });
      toast.success(messages.adoption.submitted);
      form.reset();
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, messages.adoption.submitFailed));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={`Adopt ${pet.petName}`}
      description="The owner will see your contact details and get back to you."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="User Name">
          <Input name="userName" value={viewer.name} readOnly autoComplete="name" />
        </FormField>
        <FormField label="Email">
          <Input name="userEmail" type="email" value={viewer.email} readOnly autoComplete="email" />
        </FormField>
        <FormField label="Phone Number" required error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" required {...form.register('phone')} />
        </FormField>
        <FormField label="Address" required error={errors.address?.message}>
          <Textarea rows={3} autoComplete="street-address" required {...form.register('address')} />
        </FormField>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary">Cancel</Button>
          </ModalClose>
          <Button type="submit" loading={isSubmitting}>
            Submit
          </Button>
        </div>
      </form>
    </Modal>
  );
}
